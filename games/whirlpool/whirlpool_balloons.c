/*
 * whirlpool_balloons.c - Whirlpool Pond's water balloons: a hand of them is
 * a multiset of the values 4, 5 and 6 (bal[v] balloons of value v), counted,
 * compared, read from an action body, written as text for the refusals,
 * saved and shown as the array of its values, highest first.
 *
 * The bottom of the module: whirlpool_rules.c, whirlpool_view.c and
 * whirlpool_save.c call it.
 */
#include <string.h>

#include "whirlpool_int.h"

int wp_bal_count(const int *bal)
{
    int n = 0;
    for (int v = WP_BAL_MIN; v <= WP_BAL_MAX; v++)
        n += bal[v];
    return n;
}

int wp_bal_sub(const int *part, const int *whole)
{
    for (int v = WP_BAL_MIN; v <= WP_BAL_MAX; v++)
        if (part[v] > whole[v])
            return 0;
    return 1;
}

int wp_bal_lowest(const int *bal)
{
    for (int v = WP_BAL_MIN; v <= WP_BAL_MAX; v++)
        if (bal[v])
            return v;
    return -1;
}

void wp_bal_of(const json_t *values, int *bal)
{
    size_t i;
    json_t *x;
    memset(bal, 0, (WP_BAL_MAX + 1) * sizeof *bal);
    json_array_foreach(values, i, x)
        if (json_integer_value(x) >= WP_BAL_MIN && json_integer_value(x) <= WP_BAL_MAX)
            bal[json_integer_value(x)]++;
}

char *wp_bal_str(const int *bal)
{
    game_text t = {0};
    game_text_raw(&t, "", 0);
    for (int v = WP_BAL_MAX; v >= WP_BAL_MIN; v--)
        for (int k = 0; k < bal[v]; k++) {
            if (t.len)
                game_text_raw(&t, ", ", 2);
            game_text_int(&t, v);
        }
    return t.s;
}

json_t *wp_bal_json(const int *bal)
{
    json_t *a = json_array();
    for (int v = WP_NVAL - 1; v >= 0; v--)
        for (int k = 0; k < bal[v]; k++)
            json_array_append_new(a, json_integer(v));
    return a;
}

void wp_bal_io(game_io *io, const char *key, int *bal)
{
    int load = game_io_loading(io);
    size_t n = 0;
    for (int v = WP_BAL_MIN; !load && v <= WP_BAL_MAX; v++)
        n += (size_t)bal[v];
    n = game_io_array(io, key, n, 0, WP_BAL_SAVED_MAX);
    if (load)
        memset(bal, 0, (WP_BAL_MAX + 1) * sizeof *bal);
    for (size_t i = 0; load && i < n; i++) {
        int v = WP_BAL_MIN;
        game_io_int(io, NULL, &v, WP_BAL_MIN, WP_BAL_MAX);
        bal[v]++;
    }
    for (int v = WP_BAL_MAX; !load && v >= WP_BAL_MIN; v--)
        for (int k = 0; k < bal[v]; k++)
            game_io_int(io, NULL, &v, WP_BAL_MIN, WP_BAL_MAX);
    game_io_end(io);
}
