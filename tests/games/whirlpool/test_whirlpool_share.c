/*
 * test_whirlpool_share.c - the default pond is parsed once and shared
 * (whirlpool_board.c): every state with the default board, created or loaded
 * from a save (as each search iteration's determinization is), points at
 * the same parsed board and text; a custom pond is a state's own, and
 * loading a copy parses its own again.  Under ASan a board freed twice or
 * never freed fails here too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "game.h"
#include "wb_err.h"
#include "whirlpool.h"
#include "whirlpool_int.h"

extern const unsigned char whirlpool_board_txt[];
extern const size_t whirlpool_board_txt_len;

static const char *const names[] = {"Ann", "Bob"};

static wp_state *create(json_t *opts)
{
    game_ctx ctx = {NULL, 1000};
    void *st = NULL;
    char *why = NULL;
    assert_int_equal(game_whirlpool.create(&ctx, names, 2, opts, 3, &st, &why), WB_OK);
    json_decref(opts);
    return st;
}

/* A state loaded from st's save; the save must come back the same. */
static wp_state *reload(const wp_state *st)
{
    json_t *saved = game_whirlpool.save(st), *again;
    void *out = NULL;
    char *why = NULL;
    assert_int_equal(game_whirlpool.load(saved, &out, &why), WB_OK);
    again = game_whirlpool.save(out);
    assert_true(json_equal(saved, again));
    json_decref(saved);
    json_decref(again);
    return out;
}

static void test_default_shared(void **state)
{
    (void)state;
    wp_state *a = create(json_object()), *b = create(json_object());
    /* the default text given as a custom pond (its comments and all) */
    wp_state *c = create(json_pack("{s:s%}", "board", (const char *)whirlpool_board_txt,
                                   whirlpool_board_txt_len));
    wp_state *d = reload(a), *e = NULL;
    assert_int_equal(game_whirlpool.determinize(a, 0, 7, (void **)&e), WB_OK);
    wp_state *all[] = {b, c, d, e};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++) {
        assert_ptr_equal(all[i]->board, a->board);
        assert_ptr_equal(all[i]->board_text, a->board_text);
    }
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        game_whirlpool.destroy(all[i]);
    /* the shared board outlives every state */
    wp_state *f = reload(a);
    assert_int_equal(f->board->grid.w, 9);
    game_whirlpool.destroy(f);
    game_whirlpool.destroy(a);
}

static void test_custom_own(void **state)
{
    (void)state;
    /* the default pond with its ropes the other way round: another pond */
    const char *from = "rope crowns arms\nrope moons suns";
    char *text = strndup((const char *)whirlpool_board_txt, whirlpool_board_txt_len);
    char *at = strstr(text, from);
    assert_non_null(at);
    memcpy(at, "rope moons suns\nrope crowns arms", strlen(from));
    wp_state *def = create(json_object());
    wp_state *a = create(json_pack("{s:s}", "board", text)), *b = reload(a);
    assert_ptr_not_equal(a->board, def->board);
    assert_ptr_not_equal(b->board, a->board); /* each its own, each freed */
    assert_ptr_not_equal(b->board_text, a->board_text);
    assert_string_equal(b->board_text, a->board_text);
    assert_int_not_equal(a->board->rope[WP_SUNS], def->board->rope[WP_SUNS]);
    game_whirlpool.destroy(a);
    game_whirlpool.destroy(b);
    game_whirlpool.destroy(def);
    free(text);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_default_shared),
        cmocka_unit_test(test_custom_own),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
