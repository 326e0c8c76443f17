/*
 * test_api_helpers.c - the HTTP layer's helpers without a server: table answers as CSV (quoting, formula cells defused, missing keys,
 * refusals), problem+json documents with their stable codes and extra
 * headers, response headers, UTF-8 validation and clipping, %-decoding
 * and decimal parsing; the access log's targets (secrets written as "-"),
 * Accept-Encoding and the gzip round trip, --cors-origin lists.  The
 * end-to-end tests cover the same over HTTP.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "access_log.h"
#include "api.h"
#include "api_int.h"
#include "cors.h"
#include "gzip.h"
#include "wb_err.h"

#include <zlib.h>

static void test_csv(void **state)
{
    (void)state;
    json_t *res = json_loads("{\"rows\":[{\"word\":\"a,b\",\"n\":2,\"ok\":true,\"x\":null},"
                             "{\"word\":\"say \\\"hi\\\"\",\"n\":3,\"ok\":false},"
                             "{\"word\":\"=1+1\",\"n\":[1],\"ok\":\"-x\",\"extra\":1}]}",
                             0, NULL);
    size_t len = 0;
    char *csv = api_csv(res, &len);
    assert_non_null(csv);
    static const char want[] = "word,n,ok,x\r\n"
                               "\"a,b\",2,true,\r\n"
                               "\"say \"\"hi\"\"\",3,false,\r\n"
                               "'=1+1,[1],'-x,\r\n";
    assert_int_equal(len, sizeof want - 1); /* *len bytes, no NUL */
    assert_memory_equal(csv, want, len);
    free(csv);
    json_decref(res);
    /* no rows: an empty body; not a table: no CSV */
    res = json_loads("{\"rows\":[]}", 0, NULL);
    csv = api_csv(res, &len);
    assert_non_null(csv);
    assert_int_equal(len, 0);
    free(csv);
    json_decref(res);
    static const char *const not_tables[] = {"{}", "{\"rows\":{}}", "{\"rows\":[1]}"};
    for (size_t i = 0; i < 3; i++) {
        res = json_loads(not_tables[i], 0, NULL);
        assert_null(api_csv(res, &len));
        json_decref(res);
    }
}

static void test_problem(void **state)
{
    (void)state;
    api_req r;
    memset(&r, 0, sizeof r);
    api_add_header(&r, "ETag", "\"%d\"", 3);
    assert_int_equal(r.nhdr, 1);
    api_problem(&r, api_prob_of_err(WB_ENOTTURN), "it is seat %d's turn", 2);
    assert_int_equal(r.status, 409);
    assert_string_equal(r.code, "not_your_turn");
    assert_string_equal(r.content_type, "application/problem+json");
    assert_int_equal(r.nhdr, 0); /* a problem drops the extra headers */
    json_t *doc = json_loadb(r.out, r.out_len, 0, NULL);
    assert_string_equal(json_string_value(json_object_get(doc, "detail")),
                        "it is seat 2's turn");
    assert_string_equal(json_string_value(json_object_get(doc, "code")), "not_your_turn");
    assert_int_equal(json_integer_value(json_object_get(doc, "status")), 409);
    json_decref(doc);
    /* the game's codes map to the statuses of docs/api.md, "Errors" */
    static const struct {
        int err;
        unsigned status;
        const char *code;
    } map[] = {{WB_EINVAL, 400, "bad_request"},    {WB_EILLEGAL, 422, "illegal_action"},
               {WB_ENOTTURN, 409, "not_your_turn"}, {WB_EAUTH, 401, "unauthorized"},
               {WB_EFORBIDDEN, 403, "forbidden"}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++) {
        api_prob p = api_prob_of_err(map[i].err);
        assert_int_equal(api_prob_status(p), map[i].status);
        assert_string_equal(api_prob_code(p), map[i].code);
    }
    /* an internal error tells the client nothing of our insides */
    api_problem(&r, API_P_INTERNAL, "secret path /var/x");
    assert_int_equal(r.status, 500);
    assert_null(strstr(r.out, "secret"));
    assert_non_null(strstr(r.note, "secret"));
    free(r.out);
    free(r.note);
    api_clear_headers(&r);
}

static void test_text(void **state)
{
    (void)state;
    assert_true(api_utf8_valid("caf\xc3\xa9", 5));
    assert_false(api_utf8_valid("\xff", 1));
    assert_false(api_utf8_valid("\xc0\xaf", 2));         /* overlong */
    assert_false(api_utf8_valid("\xed\xa0\x80", 3));     /* a surrogate */
    assert_false(api_utf8_valid("\xf4\x90\x80\x80", 4)); /* above U+10FFFF */
    assert_int_equal(api_clip("caf\xc3\xa9", 5, 4), 3);  /* not inside the é */
    char s[] = "a%20b+c%2";
    assert_int_equal(api_pct_decode(s, strlen(s), 1), (size_t)-1);
    char t[] = "a%20b+c%2C";
    assert_int_equal(api_pct_decode(t, strlen(t), 1), 6);
    assert_string_equal(t, "a b c,");
    uint64_t v = 0;
    assert_int_equal(api_parse_u64("18446744073709551615", 20, &v), 0);
    assert_true(v == UINT64_MAX);
    assert_int_equal(api_parse_u64("18446744073709551616", 20, &v), -1);
    assert_int_equal(api_parse_u64("", 0, &v), -1);
    assert_int_equal(api_parse_u64("1x", 2, &v), -1);
}

static void test_log_target(void **state)
{
    (void)state;
    char out[256];
    api_log_target("/v1/games/x/events?ticket=0123abcd&last_event_id=4", out, sizeof out);
    assert_string_equal(out, "/v1/games/x/events?ticket=-&last_event_id=4");
    api_log_target("/v1/games/x?a=1&TOKEN=secret&access_token=s2&t=ok", out, sizeof out);
    assert_string_equal(out, "/v1/games/x?a=1&TOKEN=-&access_token=-&t=ok");
    /* a fragment never reaches the log; a key without a value is kept */
    api_log_target("/web/play.html#g=1&t=secrettoken", out, sizeof out);
    assert_string_equal(out, "/web/play.html");
    api_log_target("/a?ticket&x=ticket=y", out, sizeof out);
    assert_string_equal(out, "/a?ticket&x=ticket=y");
    /* bytes that would break the line */
    api_log_target("/a b\"\\\x01\xff", out, sizeof out);
    assert_string_equal(out, "/a%20b%22%5C%01%FF");
    /* cut, and never past the buffer */
    char small[16];
    api_log_target("/v1/dictionaries/en_US/words/taught", small, sizeof small);
    assert_true(strlen(small) < sizeof small);
    assert_non_null(strstr(small, "..."));
}

static void test_gzip(void **state)
{
    (void)state;
    assert_true(api_gzip_accepted("gzip"));
    assert_true(api_gzip_accepted("deflate, gzip;q=0.5"));
    assert_true(api_gzip_accepted("br;q=1.0, *"));
    assert_true(api_gzip_accepted("X-GZIP"));
    assert_false(api_gzip_accepted("gzip;q=0"));
    assert_false(api_gzip_accepted("gzip; q=0.000, *"));
    assert_false(api_gzip_accepted("identity, br"));
    assert_false(api_gzip_accepted("*;q=0"));
    assert_false(api_gzip_accepted(""));
    assert_true(api_gzip_type("application/json"));
    assert_true(api_gzip_type("text/csv; charset=utf-8"));
    assert_true(api_gzip_type("image/svg+xml"));
    assert_false(api_gzip_type("text/event-stream"));
    assert_false(api_gzip_type("application/jsonx"));
    assert_false(api_gzip_type(NULL));

    char body[4000];
    for (size_t i = 0; i < sizeof body; i++)
        body[i] = "wibbell "[i % 8];
    size_t n = 0;
    char *gz = api_gzip(body, sizeof body, 4, &n);
    assert_non_null(gz);
    assert_true(n < sizeof body);
    char back[4096];
    z_stream zs;
    memset(&zs, 0, sizeof zs);
    assert_int_equal(inflateInit2(&zs, 15 + 16), Z_OK);
    zs.next_in = (Bytef *)gz;
    zs.avail_in = (uInt)n;
    zs.next_out = (Bytef *)back;
    zs.avail_out = sizeof back;
    assert_int_equal(inflate(&zs, Z_FINISH), Z_STREAM_END);
    assert_int_equal(sizeof back - zs.avail_out, sizeof body);
    assert_memory_equal(back, body, sizeof body);
    inflateEnd(&zs);
    free(gz);
    /* nothing to gain: not compressed */
    assert_null(api_gzip("ab", 2, 4, &n));
    /* a static body: compressed once, the same copy after */
    api_gzip_cache *c = api_gzip_cache_create();
    size_t n1 = 0, n2 = 0;
    const char *a = api_gzip_static(c, body, sizeof body, &n1);
    const char *b = api_gzip_static(c, body, sizeof body, &n2);
    assert_non_null(a);
    assert_ptr_equal(a, b);
    assert_int_equal(n1, n2);
    api_gzip_cache_destroy(c);
}

static void test_cors(void **state)
{
    (void)state;
    const char *why = NULL;
    assert_int_equal(api_cors_check("https://a.example,http://localhost:5173,*", &why), 0);
    assert_int_equal(api_cors_check("http://[::1]:8080", &why), 0);
    static const char *const bad[] = {"", ",", "https://a.example,", "ftp://a", "https://",
                                      "https://a.example/", "https://a.example/x", "a.example",
                                      "https://a b", "https://a.example?x"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        why = NULL;
        assert_int_equal(api_cors_check(bad[i], &why), -1);
        assert_non_null(why);
    }
    api_cors *c = api_cors_create("https://A.example,*");
    assert_non_null(c);
    assert_string_equal(api_cors_allow(c, "https://a.example", 0), "https://a.example");
    assert_string_equal(api_cors_allow(c, "https://b.example", 1), "*");
    assert_null(api_cors_allow(c, "https://b.example", 0));
    assert_null(api_cors_allow(c, NULL, 1));
    assert_true(api_cors_varies(c, 0));
    assert_false(api_cors_varies(c, 1));
    api_cors_destroy(c);
    c = api_cors_create("*");
    assert_null(api_cors_allow(c, "https://a.example", 0));
    assert_false(api_cors_varies(c, 0));
    api_cors_destroy(c);
    assert_null(api_cors_create(NULL));
    assert_null(api_cors_allow(NULL, "https://a.example", 1));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv),
        cmocka_unit_test(test_problem),
        cmocka_unit_test(test_text),
        cmocka_unit_test(test_log_target),
        cmocka_unit_test(test_gzip),
        cmocka_unit_test(test_cors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
