/*
 * fuzz_dict.c - libFuzzer harness for the dictionary service: whatever
 * bytes a client sends as a word, cards, used words, a prefix or a
 * pattern, dict/ answers or refuses without crashing or leaking.
 *
 * Input: lines; the first is the word, the second the cards (comma
 * separated), the third the used words, the fourth a prefix/pattern.
 * The dictionary comes from $WIBBELLD_TEST_DATA (the test build's).
 * Built with -Dfuzz=true (clang); tests/fuzz/run.sh runs it, and the
 * corpus replays as an ordinary test in every build (fuzz_main.c).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dict.h"
#include "wb_err.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static dict_lib *lib;

static size_t split(char *s, char sep, char **out, size_t max)
{
    size_t n = 0;
    out[n++] = s;
    for (char *p = s; *p && n < max; p++)
        if (*p == sep) {
            *p = '\0';
            out[n++] = p + 1;
        }
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!lib) {
        const char *dir = getenv("WIBBELLD_TEST_DATA");
        if (!dir || dict_lib_open(dir, "en_US", &lib) != WB_OK) {
            fprintf(stderr, "fuzz_dict: set WIBBELLD_TEST_DATA to a built data dir\n");
            abort();
        }
    }
    if (size > 4096)
        return 0;
    char *buf = malloc(size + 1);
    memcpy(buf, data, size);
    buf[size] = '\0';
    char *line[4] = {buf, "", "", ""};
    size_t nl = split(buf, '\n', line, 4);
    (void)nl;
    char *cards[DICT_CARDS_MAX + 4], *used[32];
    size_t nc = line[1][0] ? split(line[1], ',', cards, DICT_CARDS_MAX + 4) : 0;
    size_t nu = line[2][0] ? split(line[2], ',', used, 32) : 0;
    const dict *d = dict_lib_default(lib);
    dict_cards dc = {(const char *const *)cards, nc};

    char out[512];
    dict_normalise(line[0], strlen(line[0]), out, sizeof out);
    dict_entry *e = NULL;
    if (dict_lookup(d, line[0], strlen(line[0]), 20, 5, &e) == WB_OK)
        dict_entry_free(e);
    dict_verdict *v = NULL;
    if (dict_check(d, line[0], strlen(line[0]), &dc, (const char *const *)used, nu, &v) == WB_OK) {
        /* Every assignment points inside the word and at a distinct spot. */
        for (size_t i = 0; i < v->nassign; i++)
            for (size_t j = 0; j < i; j++)
                if (v->assign[i].position == v->assign[j].position)
                    abort();
        dict_verdict_free(v);
    }
    dict_list *l = NULL;
    if (dict_match(d, &dc, (const char *const *)used, nu, 0, 5, &l) == WB_OK)
        dict_list_free(l);
    if (dict_prefix(d, line[3], strlen(line[3]), 5, &l) == WB_OK)
        dict_list_free(l);
    if (dict_pattern(d, line[3], strlen(line[3]), 5, &l) == WB_OK)
        dict_list_free(l);
    int rel;
    dict_related(d, line[0], strlen(line[0]), line[3], strlen(line[3]), &rel);
    free(buf);
    return 0;
}
