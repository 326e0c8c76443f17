/*
 * fuzz_main.c - replay a fuzz corpus without libFuzzer: every file named
 * on the command line (or in a directory named there) goes once through
 * LLVMFuzzerTestOneInput.  This is how the corpus runs as an ordinary
 * test in every build (and under ASan/UBSan); prints TAP.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int n;

static void run_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("not ok %d - %s: cannot open\n", ++n, path);
        return;
    }
    uint8_t *buf = malloc(1 << 16);
    size_t len = fread(buf, 1, 1 << 16, f);
    fclose(f);
    LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    printf("ok %d - %s\n", ++n, path);
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        struct stat st;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) {
            DIR *d = opendir(argv[i]);
            struct dirent *e;
            char **names = NULL;
            size_t nn = 0;
            while (d && (e = readdir(d))) {
                if (e->d_name[0] == '.')
                    continue;
                names = realloc(names, (nn + 1) * sizeof *names);
                names[nn] = malloc(strlen(argv[i]) + strlen(e->d_name) + 2);
                sprintf(names[nn++], "%s/%s", argv[i], e->d_name);
            }
            if (d)
                closedir(d);
            /* A stable order, so a failure names the same file each run. */
            for (size_t a = 0; a < nn; a++)
                for (size_t b = a + 1; b < nn; b++)
                    if (strcmp(names[a], names[b]) > 0) {
                        char *t = names[a];
                        names[a] = names[b];
                        names[b] = t;
                    }
            for (size_t k = 0; k < nn; k++) {
                run_file(names[k]);
                free(names[k]);
            }
            free(names);
        } else {
            run_file(argv[i]);
        }
    }
    printf("1..%d\n", n);
    return n > 0 ? 0 : 1;
}
