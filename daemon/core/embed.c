/*
 * embed.c - a build-time tool: turn a file into a C array.
 *
 *   embed INPUT OUTPUT NAME
 *
 * writes OUTPUT, a C source defining
 *
 *   const unsigned char NAME[];   (the bytes of INPUT, then a NUL)
 *   const size_t NAME_len;        (the number of bytes of INPUT)
 *
 * so that documents such as api/openapi.json ship inside the binary.  It
 * runs on the build machine (native: true in meson) and needs nothing but
 * the C library, unlike xxd.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int rc = 1;
    FILE *in = NULL, *out = NULL;

    if (argc != 4) {
        fprintf(stderr, "usage: embed INPUT OUTPUT NAME\n");
        return 2;
    }
    in = fopen(argv[1], "rb");
    if (!in) {
        perror(argv[1]);
        goto out;
    }
    out = fopen(argv[2], "w");
    if (!out) {
        perror(argv[2]);
        goto out;
    }
    const char *name = argv[3];
    fprintf(out, "/* Generated from %s by api/embed.c; do not edit. */\n", argv[1]);
    fprintf(out, "#include <stddef.h>\n\n");
    fprintf(out, "extern const unsigned char %s[];\n", name);
    fprintf(out, "extern const size_t %s_len;\n\n", name);
    fprintf(out, "const unsigned char %s[] = {", name);
    size_t n = 0;
    int c;
    while ((c = getc(in)) != EOF) {
        fprintf(out, "%s%u,", n % 16 ? "" : "\n    ", (unsigned)c);
        n++;
    }
    if (ferror(in)) {
        perror(argv[1]);
        goto out;
    }
    fprintf(out, "\n    0\n};\n\nconst size_t %s_len = %zu;\n", name, n);
    rc = 0;
out:
    if (in)
        fclose(in);
    if (out && fclose(out) != 0) {
        perror(argv[2]);
        rc = 1;
    }
    if (rc && argc == 4)
        remove(argv[2]);
    return rc;
}
