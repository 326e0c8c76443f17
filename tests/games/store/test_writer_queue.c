/*
 * test_writer_queue.c - the order in which the writer (games/store/
 * match_writer.c) takes its queue: people first.  A job someone waits for
 * (a person's request: it has an answer to give) goes into the next
 * commit whatever stands before it; the others (bots' actions, timers)
 * go at most MATCH_COMMIT_UNAWAITED a commit, oldest first; and a match's
 * jobs are always committed in the order they were staged.  Checked on
 * the taking itself (match_queue_take), with no thread, disk or clock.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include "matches_int.h"
#include "rng.h"
#include "wb_mem.h"

#define CAP MATCH_COMMIT_UNAWAITED

static void person_answer(void *ctx, int rc, char *text, size_t len, uint64_t version)
{
    (void)ctx, (void)rc, (void)text, (void)len, (void)version;
}

/* The queue, as the writer keeps it. */
typedef struct queue {
    match_job *head, *tail;
    unsigned pass;
    uint64_t seq; /* each job's `version` is its place in the staging order */
} queue;

static match_job *push(queue *q, match *m, int person)
{
    match_job *j = wb_calloc(1, sizeof *j);
    j->type = JOB_ACTION;
    j->m = m;
    j->version = ++q->seq;
    j->answer = person ? person_answer : NULL;
    if (q->tail)
        q->tail->next = j;
    else
        q->head = j;
    q->tail = j;
    return j;
}

static match_job *take(queue *q, size_t *unawaited)
{
    return match_queue_take(&q->head, &q->tail, CAP, ++q->pass, unawaited);
}

static size_t count(const match_job *j)
{
    size_t n = 0;
    for (; j; j = j->next)
        n++;
    return n;
}

static int holds(const match_job *list, const match_job *j)
{
    for (; list; list = list->next)
        if (list == j)
            return 1;
    return 0;
}

static void free_jobs(match_job *j)
{
    while (j) {
        match_job *next = j->next;
        free(j);
        j = next;
    }
}

/* A person's action queued behind three commits' worth of bots' actions
 * (of other matches) is in the first commit, with the oldest CAP of
 * them; the rest follow CAP a commit, in their order. */
static void test_person_first(void **state)
{
    (void)state;
    queue q = {0};
    match *bots = match_new(NULL, 2), *people = match_new(NULL, 2);
    for (int i = 0; i < 3 * CAP; i++)
        push(&q, bots, 0);
    match_job *mine = push(&q, people, 1);

    size_t unawaited = 0;
    match_job *first = take(&q, &unawaited);
    assert_true(holds(first, mine));
    assert_int_equal(count(first), CAP + 1);
    assert_int_equal(unawaited, CAP);
    uint64_t want = 1;
    for (match_job *j = first; j != mine; j = j->next)
        assert_int_equal(j->version, want++); /* the oldest, in order */
    assert_int_equal(count(q.head), 2 * CAP);
    assert_ptr_equal(q.tail->next, NULL);
    assert_int_equal(q.tail->version, 3 * CAP);

    for (int k = 0; k < 2; k++) {
        match_job *next = take(&q, &unawaited);
        assert_int_equal(count(next), CAP);
        assert_int_equal(unawaited, CAP);
        for (match_job *j = next; j; j = j->next)
            assert_int_equal(j->version, want++);
        free_jobs(next);
    }
    assert_null(q.head);
    assert_null(q.tail);
    assert_null(take(&q, &unawaited));
    free_jobs(first);
    match_free(bots);
    match_free(people);
}

/* One person against bots: the bots' actions of that match staged before
 * the person's, beyond the cap, go with it into the first commit (before
 * it), so the match's log is never written out of order. */
static void test_person_takes_its_match_along(void **state)
{
    (void)state;
    queue q = {0};
    match *other = match_new(NULL, 2), *mixed = match_new(NULL, 3);
    for (int i = 0; i < 2 * CAP; i++)
        push(&q, other, 0);
    match_job *bot1 = push(&q, mixed, 0), *bot2 = push(&q, mixed, 0);
    match_job *mine = push(&q, mixed, 1);
    match_job *after = push(&q, mixed, 0); /* staged after the person's */
    push(&q, other, 0);

    size_t unawaited = 0;
    match_job *first = take(&q, &unawaited);
    /* CAP of the other match, then the mixed match's four, in order */
    assert_int_equal(count(first), CAP + 4);
    assert_int_equal(unawaited, CAP + 3);
    match_job *j = first;
    for (int i = 0; i < CAP; i++, j = j->next)
        assert_ptr_equal(j->m, other);
    assert_ptr_equal(j, bot1);
    assert_ptr_equal(j->next, bot2);
    assert_ptr_equal(j->next->next, mine);
    assert_ptr_equal(j->next->next->next, after);
    assert_int_equal(count(q.head), CAP + 1); /* the other match's rest */
    for (match_job *k = q.head; k; k = k->next)
        assert_ptr_equal(k->m, other);
    free_jobs(first);
    free_jobs(q.head);
    match_free(other);
    match_free(mixed);
}

/* Any queue, taken until empty: nothing lost or taken twice; every
 * person's action in the first take; each match's jobs in staging order
 * across the takes; a take holds at most CAP jobs no one waits for,
 * beside those of matches with a person's action in it. */
static void test_any_queue(void **state)
{
    (void)state;
    rng r;
    rng_seed(&r, 18);
    enum { MATCHES = 6 };
    for (int round = 0; round < 200; round++) {
        queue q = {0};
        match *ms[MATCHES];
        for (int i = 0; i < MATCHES; i++)
            ms[i] = match_new(NULL, 2);
        size_t n = (size_t)rng_below(&r, 8 * CAP), people = 0;
        for (size_t i = 0; i < n; i++) {
            int person = rng_below(&r, 10) == 0;
            people += (size_t)person;
            push(&q, ms[rng_below(&r, MATCHES)], person);
        }
        uint64_t last[MATCHES] = {0};
        size_t seen = 0, takes = 0, unawaited;
        match_job *t;
        while ((t = take(&q, &unawaited)) != NULL) {
            size_t awaited = 0, others_unmarked = 0, free_others = 0;
            int marked[MATCHES] = {0};
            for (match_job *j = t; j; j = j->next)
                for (int i = 0; i < MATCHES; i++)
                    if (j->m == ms[i] && j->answer)
                        marked[i] = 1;
            for (match_job *j = t; j; j = j->next) {
                int i = 0;
                while (j->m != ms[i])
                    i++;
                assert_true(j->version > last[i]); /* the match's order */
                last[i] = j->version;
                awaited += j->answer != NULL;
                free_others += j->answer == NULL;
                others_unmarked += j->answer == NULL && !marked[i];
                seen++;
            }
            assert_int_equal(unawaited, free_others);
            assert_true(others_unmarked <= CAP);
            if (takes++ == 0)
                assert_int_equal(awaited, people);
            else
                assert_int_equal(awaited, 0);
            free_jobs(t);
        }
        assert_int_equal(seen, n);
        assert_null(q.tail);
        for (int i = 0; i < MATCHES; i++)
            match_free(ms[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_person_first),
        cmocka_unit_test(test_person_takes_its_match_along),
        cmocka_unit_test(test_any_queue),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
