/*
 * dict_fixture.c - the en_US test dictionary as a cmocka group fixture
 * (see dict_fixture.h).
 */
#include "dict_fixture.h"

#include <stdlib.h>

#include "wb_err.h"

dict_lib *fixture_lib;

int dict_fixture_setup(void **state)
{
    (void)state;
    const char *dir = getenv("WIBBELLD_TEST_DATA");
    return !dir || dict_lib_open(dir, "en_US", &fixture_lib) != WB_OK ? -1 : 0;
}

int dict_fixture_teardown(void **state)
{
    (void)state;
    dict_lib_close(fixture_lib);
    fixture_lib = NULL;
    return 0;
}
