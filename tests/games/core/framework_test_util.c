/*
 * framework_test_util.c - see framework_test_util.h.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <cmocka.h>

#include "example.h"
#include "game_test.h"

#include "framework_test_util.h"

const game_kind *const K = &game_example;

const game_kind opt_kind = {.name = "opts", .title = "Opts", .min_players = 2,
                            .max_players = 4};

/* `state` saved through `io` both ways (tree and text) is `want`; the tree. */
json_t *saved_as(void (*io)(game_io *, void *), const void *state, const char *want)
{
    game_text t = {0};
    json_t *j = game_io_save(io, state);
    gt_match(j, want);
    game_io_save_text(io, state, NULL, &t);
    assert_string_equal(t.s, want);
    free(t.s);
    return j;
}
