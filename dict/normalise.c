/*
 * normalise.c - NFC, case folding and base letters with ICU.
 *
 * ICU works in UTF-16; words are short (DICT_WORD_MAX letters), so every
 * conversion here uses stack buffers and no allocation.
 */
#include "normalise.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>
#include <unicode/utf16.h>
#include <unicode/utf8.h>

#include "wb_err.h"

#define UBUF 512

static int to_utf16(const char *in, size_t len, UChar *buf, int32_t *n)
{
    UErrorCode st = U_ZERO_ERROR;
    if (len > UBUF)
        return WB_ENOTWORD;
    /* u_strFromUTF8 rejects ill-formed UTF-8 (surrogates, overlongs,
     * truncated sequences) with U_INVALID_CHAR_FOUND. */
    u_strFromUTF8(buf, UBUF, n, in, (int32_t)len, &st);
    if (st == U_BUFFER_OVERFLOW_ERROR)
        return WB_ENOTWORD;
    if (U_FAILURE(st))
        return WB_EUTF8;
    for (size_t i = 0; i < len; i++)
        if (in[i] == '\0')
            return WB_ENOTWORD;
    return WB_OK;
}

static int to_utf8(const UChar *s, int32_t n, char *out, size_t cap)
{
    UErrorCode st = U_ZERO_ERROR;
    int32_t len = 0;
    u_strToUTF8(out, (int32_t)cap, &len, s, n, &st);
    if (st == U_BUFFER_OVERFLOW_ERROR || st == U_STRING_NOT_TERMINATED_WARNING ||
        (size_t)len >= cap)
        return WB_ETOOBIG;
    if (U_FAILURE(st))
        return WB_EUTF8;
    return WB_OK;
}

/* Plain ASCII letters fold to lower case and are already NFC: what ICU
 * would give, without the round trip through UTF-16. */
static int ascii_fold(const char *in, size_t len, size_t max_letters, char *out, size_t cap,
                      int *rc)
{
    if (len == 0 || len > max_letters || len >= cap)
        return 0;
    for (size_t i = 0; i < len; i++) {
        char c = in[i];
        if (c >= 'a' && c <= 'z')
            out[i] = c;
        else if (c >= 'A' && c <= 'Z')
            out[i] = (char)(c - 'A' + 'a');
        else
            return 0;
    }
    out[len] = '\0';
    *rc = WB_OK;
    return 1;
}

int norm_fold(const char *in, size_t len, size_t max_letters, char *out,
              size_t cap)
{
    int fast;
    if (ascii_fold(in, len, max_letters, out, cap, &fast))
        return fast;
    UChar a[UBUF], b[UBUF];
    int32_t n = 0, m;
    UErrorCode st = U_ZERO_ERROR;
    int rc = to_utf16(in, len, a, &n);
    if (rc)
        return rc;
    if (n == 0)
        return WB_ENOTWORD;
    const UNormalizer2 *nfc = unorm2_getNFCInstance(&st);
    if (U_FAILURE(st))
        return WB_EINVAL;
    /* Fold, then compose: folding can decompose (e.g. U+0130), and NFC of
     * the folded text is what the dictionary is keyed by. */
    m = u_strFoldCase(b, UBUF, a, n, U_FOLD_CASE_DEFAULT, &st);
    if (U_FAILURE(st))
        return WB_ENOTWORD;
    n = unorm2_normalize(nfc, b, m, a, UBUF, &st);
    if (U_FAILURE(st))
        return WB_ENOTWORD;

    size_t letters = 0;
    for (int32_t i = 0; i < n;) {
        UChar32 c;
        U16_NEXT(a, i, n, c);
        if (u_isalpha(c))
            letters++;
        else if (!(letters > 0 && (u_charType(c) == U_NON_SPACING_MARK ||
                                   u_charType(c) == U_COMBINING_SPACING_MARK)))
            return WB_ENOTWORD;
    }
    if (letters == 0 || letters > max_letters)
        return WB_ENOTWORD;
    return to_utf8(a, n, out, cap);
}

/* Base letter (a-z) of one code point, 0 for a combining mark to skip, -1
 * when it has none. */
static int base_of(UChar32 c, const UNormalizer2 *nfd)
{
    if (c < 0x80)
        return (c >= 'a' && c <= 'z') ? (int)c : -1;
    int t = u_charType(c);
    if (t == U_NON_SPACING_MARK || t == U_COMBINING_SPACING_MARK)
        return 0;
    UChar d[8];
    UErrorCode st = U_ZERO_ERROR;
    int32_t n = unorm2_getDecomposition(nfd, c, d, 8, &st);
    if (n > 0 && U_SUCCESS(st) && d[0] < 0x80 && d[0] >= 'a' && d[0] <= 'z')
        return d[0];
    return -1;
}

/* The two base letters of a ligature that is a letter of its language's
 * alphabet (French œ and æ, Dutch ĳ), or NULL. */
static const char *ligature(UChar32 c)
{
    switch (c) {
    case 0x153: return "oe";
    case 0xE6: return "ae";
    case 0x133: return "ij";
    default: return NULL;
    }
}

/* Walk the letters of a folded word: the a-z base of each into `base`
 * (when not NULL, NUL-terminated) and the byte span of each into offs/lens
 * (when not NULL).  Combining marks join the span of the letter before. */
static int walk_letters(const char *folded, char *base, size_t *offs,
                        size_t *lens, size_t cap, size_t *count)
{
    UErrorCode st = U_ZERO_ERROR;
    const UNormalizer2 *nfd = unorm2_getNFDInstance(&st);
    if (U_FAILURE(st))
        return WB_EINVAL;
    size_t len = strlen(folded), k = 0;
    int32_t i = 0;
    while ((size_t)i < len) {
        int32_t start = i;
        UChar32 c;
        U8_NEXT(folded, i, (int32_t)len, c);
        if (c < 0)
            return WB_EUTF8;
        int b = base_of(c, nfd);
        const char *two = ligature(c);
        if (two) {
            /* œ, æ, ĳ: two base letters from one code point, each with its
             * span (cœur covers O and E) */
            if (k + 2 >= cap)
                return WB_ETOOBIG;
            for (int j = 0; j < 2; j++, k++) {
                if (base)
                    base[k] = two[j];
                if (offs) {
                    offs[k] = (size_t)start;
                    lens[k] = (size_t)(i - start);
                }
            }
            continue;
        }
        if (b < 0)
            return WB_ENOTWORD;
        if (b == 0) {
            if (k > 0 && lens)
                lens[k - 1] += (size_t)(i - start);
            continue;
        }
        if (k + 1 >= cap)
            return WB_ETOOBIG;
        if (base)
            base[k] = (char)b;
        if (offs) {
            offs[k] = (size_t)start;
            lens[k] = (size_t)(i - start);
        }
        k++;
    }
    if (base)
        base[k] = '\0';
    *count = k;
    return k ? WB_OK : WB_ENOTWORD;
}

int norm_letter_spans(const char *folded, size_t *offs, size_t *lens,
                      size_t cap, size_t *count)
{
    return walk_letters(folded, NULL, offs, lens, cap + 1, count);
}

int norm_base(const char *folded, char *out, size_t cap)
{
    size_t n;
    return walk_letters(folded, out, NULL, NULL, cap, &n);
}

int norm_titlecase(const char *folded, char *out, size_t cap)
{
    UChar a[UBUF];
    int32_t n = 0;
    int rc = to_utf16(folded, strlen(folded), a, &n);
    if (rc)
        return rc;
    if (n > 0 && !U16_IS_LEAD(a[0]))
        a[0] = (UChar)u_totitle(a[0]);
    return to_utf8(a, n, out, cap);
}

int norm_starts_upper(const char *s, size_t len)
{
    UChar32 c;
    int32_t i = 0;
    if (len == 0)
        return 0;
    U8_NEXT(s, i, (int32_t)len, c);
    return c > 0 && (u_isupper(c) || u_istitle(c));
}
