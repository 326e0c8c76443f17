/*
 * dict_fixture.h - the en_US test dictionary (built into
 * $WIBBELLD_TEST_DATA by the build, opened read-only) as a cmocka group
 * fixture, for the tests that need a real dictionary beside their own
 * subject (the class setting, the bots).
 */
#ifndef DICT_FIXTURE_H
#define DICT_FIXTURE_H

#include "dict.h"

/* The open dictionaries, between setup and teardown. */
extern dict_lib *fixture_lib;

/* cmocka group fixtures: -1 when the test data are missing. */
int dict_fixture_setup(void **state);
int dict_fixture_teardown(void **state);

#endif
