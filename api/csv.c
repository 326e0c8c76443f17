/*
 * csv.c - table answers as CSV (RFC 4180) for spreadsheets: the
 * classroom's vocabulary log and any other query answering
 * {"rows":[{...flat...}]}.  Cells that a spreadsheet would run as a
 * formula are defused.
 */
#include "api_int.h"

#include <stdlib.h>
#include <string.h>

#include "wb_mem.h"

static void csv_field(char **buf, size_t *len, size_t *cap, const char *s, size_t n)
{
    int quote = 0;
    for (size_t i = 0; i < n && !quote; i++)
        quote = s[i] == ',' || s[i] == '"' || s[i] == '\r' || s[i] == '\n';
    size_t need = *len + 2 * n + 3;
    *buf = wb_grow(*buf, cap, need, 1);
    char *o = *buf + *len;
    if (quote)
        *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '"')
            *o++ = '"';
        *o++ = s[i];
    }
    if (quote)
        *o++ = '"';
    *len = (size_t)(o - *buf);
}

static void csv_raw(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t n = strlen(s);
    *buf = wb_grow(*buf, cap, *len + n + 1, 1);
    memcpy(*buf + *len, s, n);
    *len += n;
}

/* One value as CSV text: strings as they are, numbers and booleans as in
 * JSON, null empty, arrays and objects as compact JSON.  A string that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first: a player
 * named "=HYPERLINK(...)") gets a leading apostrophe, as OWASP advises
 * for CSV files that teachers open in spreadsheets. */
static int csv_value(char **buf, size_t *len, size_t *cap, const json_t *v)
{
    if (!v || json_is_null(v))
        return 0;
    if (json_is_string(v)) {
        const char *str = json_string_value(v);
        size_t n = json_string_length(v);
        if (n && strchr("=+-@\t\r", str[0])) {
            char *q = wb_malloc(n + 2);
            q[0] = '\'';
            memcpy(q + 1, str, n);
            csv_field(buf, len, cap, q, n + 1);
            free(q);
        } else {
            csv_field(buf, len, cap, str, n);
        }
        return 0;
    }
    char *s = json_dumps(v, JSON_COMPACT | JSON_ENCODE_ANY);
    if (!s)
        return -1;
    csv_field(buf, len, cap, s, strlen(s));
    free(s);
    return 0;
}

/* {"rows":[{...},...]} as RFC 4180 CSV: a header row of the first row's
 * keys, in their order, then one record per row (a key a row lacks is an
 * empty field; keys the first row lacks are left out), CRLF line ends.
 * NULL when `res` has no such form. */
char *api_csv(const json_t *res, size_t *outlen)
{
    json_t *rows = json_object_get(res, "rows");
    if (!json_is_array(rows))
        return NULL;
    size_t i;
    json_t *row;
    json_array_foreach(rows, i, row)
        if (!json_is_object(row))
            return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    buf = wb_grow(buf, &cap, 1, 1);
    json_t *first = json_array_get(rows, 0);
    if (first) {
        const char *key;
        json_t *v;
        int k = 0;
        json_object_foreach(first, key, v) {
            if (k++)
                csv_raw(&buf, &len, &cap, ",");
            csv_field(&buf, &len, &cap, key, strlen(key));
        }
        csv_raw(&buf, &len, &cap, "\r\n");
        json_array_foreach(rows, i, row) {
            k = 0;
            json_object_foreach(first, key, v) {
                if (k++)
                    csv_raw(&buf, &len, &cap, ",");
                if (csv_value(&buf, &len, &cap, json_object_get(row, key))) {
                    free(buf);
                    return NULL;
                }
            }
            csv_raw(&buf, &len, &cap, "\r\n");
        }
    }
    *outlen = len;
    return buf;
}
