/*
 * wibbell_dict.c - the `wibbell-dict` command: build, inspect and query
 * dictionaries offline, with the same code the daemon serves them with.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dict.h"
#include "dict_build.h"
#include "dict_eval.h"
#include "wb_config.h"
#include "wb_err.h"
#include "wb_mem.h"
#include "wb_paths.h"

static void usage(FILE *f)
{
    fprintf(f,
        "Usage: wibbell-dict [--data-dir DIR] [--dict ID] COMMAND [ARGS]\n"
        "Build, inspect and query the dictionaries of wibbelld offline.\n"
        "\n"
        "Options:\n"
        "  --data-dir DIR                the data directory (default: see below)\n"
        "  --dict ID                     the dictionary to query (default: the default one)\n"
        "  -h, --help                    show this help and exit\n"
        "  --version                     show the version and exit\n"
        "\n"
        "Commands:\n"
        "  build [ID...]                 build dictionaries (default en_US; known: en_US en_GB en fr de es it nl pt pt_BR)\n"
        "  info                          list the dictionaries of the data directory\n"
        "  lookup WORD [--class]         validity, proper noun, stems, family, definitions\n"
        "                                (--class: the class setting, dict/LAYOUT.md;\n"
        "                                --grade school|adult|young: its grade, school\n"
        "                                unless said; also for match, prefix, pattern)\n"
        "  check WORD [--cards A,B,...] [--used W,...]   judge a Wibbell claim\n"
        "  match --cards A,B,... [--used W,...] [--limit N] [--common]   words that fit\n"
        "                                the cards (--common: the commonest first)\n"
        "  prefix PREFIX [--limit N]     words beginning with PREFIX\n"
        "  pattern PATTERN [--limit N]   words matching PATTERN ('?' = any letter)\n"
        "  related A B                   is one word a derivative of the other?\n"
        "  (check, match, related: --compounds, a German or Dutch compound of a\n"
        "   used word is a derivative of it; dict/LAYOUT.md, \"Compounds\")\n"
        "  evaluate TABLE [--verbose]    judge the dictionaries against an evaluation\n"
        "                                table (tests/data/evaluation.tsv): recall and\n"
        "                                false links per affix class, words, spellings;\n"
        "                                with --dict fr (de, es ...) that language's table\n"
        "                                (tests/data/evaluation-fr.tsv) on that dictionary;\n"
        "                                --corrections FILE: the raw report, then the one\n"
        "                                with the hand check's verdicts of FILE\n"
        "                                (tests/data/gcide-corrections.tsv)\n"
        "\n"
        "The data directory defaults to $WIBBELLD_DATA_DIR, $XDG_DATA_HOME/wibbelld\n"
        "or ~/.local/share/wibbelld, as for wibbelld.\n");
}

struct prog {
    int tty;
    char last[64];
    time_t t0;
};

static void on_progress(void *ctx, const char *phase, size_t done, size_t total)
{
    struct prog *p = ctx;
    int pct = total ? (int)(done * 100 / total) : 0;
    if (p->tty) {
        fprintf(stderr, "\r  %-20s %3d%%", phase, pct);
        if (done == total)
            fputc('\n', stderr);
    } else if (strcmp(p->last, phase) != 0 || done == total) {
        if (strcmp(p->last, phase) != 0)
            fprintf(stderr, "  %s ...\n", phase);
        else
            fprintf(stderr, "  %s done (%.1f s of CPU so far)\n", phase,
                    (double)clock() / CLOCKS_PER_SEC);
    }
    snprintf(p->last, sizeof p->last, "%s", phase);
}

/* Split "a,b,c" into a NULL-terminated vector; the string is modified. */
static char **split(char *s, size_t *n)
{
    size_t cap = 0;
    char **v = NULL;
    *n = 0;
    for (char *save = NULL, *t = strtok_r(s, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        v = wb_grow(v, &cap, *n + 2, sizeof *v);
        v[(*n)++] = t;
    }
    v = wb_grow(v, &cap, *n + 1, sizeof *v);
    v[*n] = NULL;
    return v;
}

static void print_list(const dict_list *l)
{
    for (size_t i = 0; i < l->nwords; i++)
        printf("%s\n", l->words[i]);
}

int main(int argc, char **argv)
{
    char *data_dir = NULL, *cards_s = NULL, *used_s = NULL;
    const char *dict_id = NULL, *corrections = NULL;
    size_t limit = 20;
    char *pos[8];
    int npos = 0, rc = 0, verbose = 0;
    unsigned cls = 0, comp = 0, sort = 0, grade = 0;

    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
            usage(stdout);
            return 0;
        } else if (!strcmp(a, "--version")) {
            printf("wibbell-dict %s\n", WB_VERSION);
            return 0;
        } else if (!strcmp(a, "--data-dir") && i + 1 < argc) {
            data_dir = wb_strdup(argv[++i]);
        } else if (!strcmp(a, "--dict") && i + 1 < argc) {
            dict_id = argv[++i];
        } else if (!strcmp(a, "--cards") && i + 1 < argc) {
            cards_s = argv[++i];
        } else if (!strcmp(a, "--used") && i + 1 < argc) {
            used_s = argv[++i];
        } else if (!strcmp(a, "--corrections") && i + 1 < argc) {
            corrections = argv[++i];
        } else if (!strcmp(a, "--verbose")) {
            verbose = 1;
        } else if (!strcmp(a, "--class")) {
            cls = DICT_LOOKUP_CLASS;
        } else if (!strcmp(a, "--grade") && i + 1 < argc) {
            if (dict_class_grade_parse(argv[++i], &grade)) {
                fprintf(stderr, "wibbell-dict: --grade is school, adult or young\n");
                return 2;
            }
        } else if (!strcmp(a, "--common")) {
            sort = DICT_MATCH_COMMON;
        } else if (!strcmp(a, "--compounds")) {
            comp = DICT_COMPOUNDS;
        } else if (!strcmp(a, "--limit") && i + 1 < argc) {
            limit = strtoul(argv[++i], NULL, 10);
        } else if (a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "wibbell-dict: unknown option %s\n", a);
            usage(stderr);
            return 2;
        } else if (npos < 8) {
            pos[npos++] = argv[i];
        }
    }
    if (npos == 0) {
        usage(stderr);
        return 2;
    }
    if (!data_dir)
        data_dir = wb_default_data_dir();
    if (!data_dir) {
        fprintf(stderr, "wibbell-dict: no data directory: give --data-dir, or set "
                        "WIBBELLD_DATA_DIR or HOME\n");
        return 2;
    }
    const char *cmd = pos[0];

    if (!strcmp(cmd, "build")) {
        const char *ids[8] = {"en_US"};
        for (int i = 1; i < npos; i++)
            ids[i - 1] = pos[i];
        int nids = npos > 1 ? npos - 1 : 1;
        for (int i = 0; i < nids && !rc; i++) {
            dict_build_opts o;
            struct prog p = {.tty = isatty(2), .t0 = time(NULL)};
            if ((rc = dict_build_defaults(ids[i], &o))) {
                fprintf(stderr, "wibbell-dict: unknown dictionary %s\n", ids[i]);
                break;
            }
            o.progress = on_progress;
            o.progress_ctx = &p;
            fprintf(stderr, "building %s into %s/dict/%s\n", ids[i], data_dir, ids[i]);
            if ((rc = dict_build(data_dir, &o)))
                fprintf(stderr, "wibbell-dict: build of %s failed: %s\n", ids[i],
                        wb_strerror(rc));
            else
                fprintf(stderr, "built %s in %lds\n", ids[i], (long)(time(NULL) - p.t0));
        }
        free(data_dir);
        return rc ? 1 : 0;
    }

    dict_lib *lib = NULL;
    if ((rc = dict_lib_open(data_dir, "en_US", &lib))) {
        fprintf(stderr, "wibbell-dict: no dictionary in %s (%s); run `wibbell-dict build`\n",
                data_dir, wb_strerror(rc));
        free(data_dir);
        return 1;
    }
    const dict *d = dict_id ? dict_lib_find(lib, dict_id) : dict_lib_default(lib);
    size_t ncards = 0, nused = 0;
    char **cards = split(cards_s ? cards_s : (char[1]){0}, &ncards);
    char **used = split(used_s ? used_s : (char[1]){0}, &nused);
    dict_cards dc = {(const char *const *)cards, ncards};

    if (!d) {
        fprintf(stderr, "wibbell-dict: no dictionary %s\n", dict_id);
        rc = WB_ENOTFOUND;
    } else if (!strcmp(cmd, "info")) {
        for (size_t i = 0; i < dict_lib_count(lib); i++) {
            dict_info in;
            dict_get_info(dict_lib_at(lib, i), &in);
            printf("%s%s: %s; %zu words, %zu proper nouns, %zu lemmas; built %s\n  from %s\n",
                   in.id, in.is_default ? " (default)" : "", in.language, in.words,
                   in.proper_nouns, in.lemmas, in.built_at, in.sources);
            if (in.definitions && *in.definitions)
                printf("  definitions: %s\n", in.definitions);
            if (in.classroom)
                printf("  the class setting hides %s\n", in.classroom);
            if (in.class_words)
                printf("  and from its list %s\n", in.class_words);
        }
    } else if (!strcmp(cmd, "lookup") && npos == 2) {
        dict_entry *e;
        if (!(rc = dict_lookup_opt(d, pos[1], strlen(pos[1]), 50, 10, cls | grade, &e))) {
            printf("%s: %s%s%s", e->word, e->valid ? "a word" : "not a word",
                   e->proper_noun ? " (proper noun)" : "",
                   e->unfit ? " (hidden from a class)" : e->listed ? " (on the class setting's list)" : "");
            if (e->size) /* English: SCOWL's size class */
                printf(", SCOWL size %d", e->size);
            printf("\n");
            printf("stems:");
            for (size_t i = 0; i < e->nstems; i++)
                printf(" %s", e->stems[i]);
            printf("\nfamily:");
            for (size_t i = 0; i < e->nfamily; i++)
                printf(" %s", e->family[i]);
            printf("\n");
            for (size_t i = 0; i < e->ndefs; i++)
                printf("  (%s) %s%s%s\n", e->defs[i].pos, e->defs[i].of ? e->defs[i].of : "",
                       e->defs[i].of ? ": " : "", e->defs[i].text);
            if (e->hidden)
                printf("  (%zu senses hidden from a class)\n", e->hidden);
            dict_entry_free(e);
        }
    } else if (!strcmp(cmd, "check") && npos == 2) {
        dict_verdict *v;
        if (!(rc = dict_check_opt(d, pos[1], strlen(pos[1]), &dc,
                                  (const char *const *)used, nused, comp, &v))) {
            printf("%s: %s\n", v->word, v->valid ? "valid" : "refused");
            for (size_t i = 0; i < v->nreasons; i++)
                printf("  %s: %s\n", dict_reason_name(v->reasons[i].code),
                       v->reasons[i].detail);
            for (size_t i = 0; i < v->nassign; i++)
                printf("  card %s <- '%s' at %zu\n", cards[v->assign[i].card],
                       v->assign[i].letter, v->assign[i].position);
            if (!v->valid)
                rc = -1;
            dict_verdict_free(v);
        }
    } else if (!strcmp(cmd, "match")) {
        dict_list *l;
        if (!(rc = dict_match_opt(d, &dc, (const char *const *)used, nused, 0, limit,
                                  comp | sort | cls | grade, &l))) {
            print_list(l);
            fprintf(stderr, "%zu words in all\n", l->total);
            dict_list_free(l);
        }
    } else if ((!strcmp(cmd, "prefix") || !strcmp(cmd, "pattern")) && npos == 2) {
        dict_list *l;
        rc = cmd[1] == 'r'
                 ? dict_prefix_opt(d, pos[1], strlen(pos[1]), limit, cls | grade, &l)
                 : dict_pattern_opt(d, pos[1], strlen(pos[1]), limit, cls | grade, &l);
        if (!rc) {
            print_list(l);
            dict_list_free(l);
        }
    } else if (!strcmp(cmd, "evaluate") && npos == 2) {
        dict_eval ev;
        if (!(rc = dict_eval_run_in(lib, dict_id, pos[1], verbose ? stdout : NULL, &ev)))
            dict_eval_print(&ev, stdout);
        if (!rc && corrections) {
            printf("\nadjudicated by %s:\n", corrections);
            if (!(rc = dict_eval_run_adj(lib, dict_id, pos[1], corrections,
                                         verbose ? stdout : NULL, &ev)))
                dict_eval_print(&ev, stdout);
        }
    } else if (!strcmp(cmd, "related") && npos == 3) {
        int rel = 0;
        if (!(rc = dict_related_opt(d, pos[1], strlen(pos[1]), pos[2], strlen(pos[2]), comp,
                                    &rel)))
            printf("%s\n", rel ? "related" : "unrelated");
    } else {
        usage(stderr);
        rc = -2;
    }
    if (rc > 0)
        fprintf(stderr, "wibbell-dict: %s\n", wb_strerror(rc));
    free(cards);
    free(used);
    dict_lib_close(lib);
    free(data_dir);
    return rc == 0 ? 0 : rc == -2 ? 2 : 1;
}
