package sattar.model.java.lang;

/**
 * sattar's model of java.lang.String: an immutable sequence of UTF-16 code units, held in
 * `chars`, a char[] of exactly their number that no other object holds. Each method is JDK 17's,
 * exceptions and identities included: what returns `this`, what returns the literal "", what
 * makes a new object. Its toString() is `toString$` (a model cannot redeclare Object's: it
 * returns the JDK's String); a call of `toString()` on a model runs it.
 */
public final class String implements CharSequence, Comparable<String> {
    private final char[] chars;

    public String() {
        this.chars = new char[0];
    }

    public String(char[] chars) {
        this(chars, 0, chars.length);
    }

    public String(char[] chars, int offset, int count) {
        int length = chars.length;
        if (offset < 0 || count < 0 || offset > length - count) {
            throw new StringIndexOutOfBoundsException();
        }
        char[] v = new char[count];
        for (int i = 0; i < count; i++) {
            v[i] = chars[offset + i];
        }
        this.chars = v;
    }

    /** The JDK's shares `original`'s array; a copy is the same to every observer. */
    public String(String original) {
        this(original.chars, 0, original.chars.length);
    }

    /** A string holding `chars` itself (the caller made it and keeps no other reference). */
    private String(char[] chars, boolean owned) {
        this.chars = chars;
    }

    /**
     * The interned literal `s`: javac types a literal in this file as the JDK's String, which
     * sattar reads as this model, so the cast always holds.
     */
    private static String literal(Object s) {
        return (String) s;
    }

    public int length() {
        return chars.length;
    }

    public boolean isEmpty() {
        return chars.length == 0;
    }

    public char charAt(int index) {
        if (index < 0 || index >= chars.length) {
            throw new StringIndexOutOfBoundsException();
        }
        return chars[index];
    }

    public boolean equals(Object anObject) {
        if (this == anObject) {
            return true;
        }
        if (!(anObject instanceof String)) {
            return false;
        }
        String other = (String) anObject;
        int n = chars.length;
        if (n != other.chars.length) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            if (chars[i] != other.chars[i]) {
                return false;
            }
        }
        return true;
    }

    public int hashCode() {
        int h = 0;
        for (int i = 0; i < chars.length; i++) {
            h = 31 * h + chars[i];
        }
        return h;
    }

    public int compareTo(String anotherString) {
        int len1 = chars.length;
        int len2 = anotherString.chars.length;
        int lim = len1 < len2 ? len1 : len2;
        for (int k = 0; k < lim; k++) {
            char c1 = chars[k];
            char c2 = anotherString.chars[k];
            if (c1 != c2) {
                return c1 - c2;
            }
        }
        return len1 - len2;
    }

    public int indexOf(int ch) {
        return indexOf(ch, 0);
    }

    public int indexOf(int ch, int fromIndex) {
        int n = chars.length;
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if ((ch >>> 16) != 0) {
            if (!isSupplementary(ch)) {
                return -1;
            }
            char hi = highSurrogate(ch);
            char lo = lowSurrogate(ch);
            for (int i = fromIndex; i < n - 1; i++) {
                if (chars[i] == hi && chars[i + 1] == lo) {
                    return i;
                }
            }
            return -1;
        }
        for (int i = fromIndex; i < n; i++) {
            if (chars[i] == ch) {
                return i;
            }
        }
        return -1;
    }

    public int lastIndexOf(int ch) {
        if ((ch >>> 16) != 0) {
            if (!isSupplementary(ch)) {
                return -1;
            }
            char hi = highSurrogate(ch);
            char lo = lowSurrogate(ch);
            for (int i = chars.length - 2; i >= 0; i--) {
                if (chars[i] == hi && chars[i + 1] == lo) {
                    return i;
                }
            }
            return -1;
        }
        for (int i = chars.length - 1; i >= 0; i--) {
            if (chars[i] == ch) {
                return i;
            }
        }
        return -1;
    }

    /*
     * The supplementary code points (0x10000 to 0x10FFFF) and their surrogates, computed from
     * small constants: a model's constants set the encoder's least bitwidth for every program,
     * and these values only arise where a run reaches them (its arithmetic then widens it).
     */

    /** Whether `ch` (at least 0x10000 or negative) is a supplementary code point. */
    private static boolean isSupplementary(int ch) {
        return ch > 0 && (ch >>> 16) <= 16;
    }

    /** Character.highSurrogate: 0xD800 + ((ch - 0x10000) >>> 10) (`bits` is no constant). */
    private static char highSurrogate(int ch) {
        int bits = 10;
        return (char) (((ch >>> bits) - 64) + (54 << bits));
    }

    /** Character.lowSurrogate: 0xDC00 + (ch & 0x3FF) (`bits` is no constant). */
    private static char lowSurrogate(int ch) {
        int bits = 10;
        return (char) ((ch - ((ch >>> bits) << bits)) + (55 << bits));
    }

    public int indexOf(String str) {
        return indexOf(str, 0);
    }

    public int indexOf(String str, int fromIndex) {
        int n = chars.length;
        int m = str.chars.length;
        if (fromIndex >= n) {
            return m == 0 ? n : -1;
        }
        if (fromIndex < 0) {
            fromIndex = 0;
        }
        if (m == 0) {
            return fromIndex;
        }
        if (m > n) {
            return -1;
        }
        for (int i = fromIndex; i <= n - m; i++) {
            if (regionMatches(i, str)) {
                return i;
            }
        }
        return -1;
    }

    /** Whether `str` occurs at `at` (which leaves room for it). */
    private boolean regionMatches(int at, String str) {
        for (int j = 0; j < str.chars.length; j++) {
            if (chars[at + j] != str.chars[j]) {
                return false;
            }
        }
        return true;
    }

    public boolean contains(CharSequence s) {
        return indexOf(s.toString$()) >= 0;
    }

    public String toString$() {
        return this;
    }

    public boolean startsWith(String prefix, int toffset) {
        if (toffset < 0 || toffset > chars.length - prefix.chars.length) {
            return false;
        }
        return regionMatches(toffset, prefix);
    }

    public boolean startsWith(String prefix) {
        return startsWith(prefix, 0);
    }

    public boolean endsWith(String suffix) {
        return startsWith(suffix, chars.length - suffix.chars.length);
    }

    public String substring(int beginIndex) {
        return substring(beginIndex, chars.length);
    }

    public String substring(int beginIndex, int endIndex) {
        int length = chars.length;
        if (beginIndex < 0 || beginIndex > endIndex || endIndex > length) {
            throw new StringIndexOutOfBoundsException();
        }
        if (beginIndex == 0 && endIndex == length) {
            return this;
        }
        return range(beginIndex, endIndex - beginIndex);
    }

    /** A new string of `len` chars from `begin` on, or the literal "" (the JDK's newString). */
    private String range(int begin, int len) {
        if (len == 0) {
            return literal("");
        }
        char[] v = new char[len];
        for (int i = 0; i < len; i++) {
            v[i] = chars[begin + i];
        }
        return new String(v, true);
    }

    public String concat(String str) {
        if (str.chars.length == 0) {
            return this;
        }
        return concatenation(this, str);
    }

    /** `a + b` for two strings (JLS 15.18.1): always a new object. */
    static String concatenation(String a, String b) {
        int n = a.chars.length;
        int m = b.chars.length;
        char[] v = new char[n + m];
        for (int i = 0; i < n; i++) {
            v[i] = a.chars[i];
        }
        for (int j = 0; j < m; j++) {
            v[n + j] = b.chars[j];
        }
        return new String(v, true);
    }

    public String trim() {
        int len = chars.length;
        int st = 0;
        while (st < len && chars[st] <= ' ') {
            st++;
        }
        while (st < len && chars[len - 1] <= ' ') {
            len--;
        }
        if (st > 0 || len < chars.length) {
            return range(st, len - st);
        }
        return this;
    }

    public String replace(char oldChar, char newChar) {
        if (oldChar != newChar) {
            int n = chars.length;
            for (int i = 0; i < n; i++) {
                if (chars[i] == oldChar) {
                    char[] v = new char[n];
                    for (int j = 0; j < n; j++) {
                        char c = chars[j];
                        v[j] = c == oldChar ? newChar : c;
                    }
                    return new String(v, true);
                }
            }
        }
        return this;
    }

    public char[] toCharArray() {
        int n = chars.length;
        char[] v = new char[n];
        for (int i = 0; i < n; i++) {
            v[i] = chars[i];
        }
        return v;
    }

    public static String valueOf(char[] data) {
        return new String(data);
    }

    public static String valueOf(char c) {
        char[] v = new char[1];
        v[0] = c;
        return new String(v, true);
    }

    public static String valueOf(boolean b) {
        return literal(b ? "true" : "false");
    }

    /** Integer.toString's digits: a new string, `-` first for a negative chars. */
    public static String valueOf(int i) {
        return valueOf((long) i);
    }

    /** Long.toString's digits, computed on the negated chars (MIN_VALUE has no positive). */
    public static String valueOf(long l) {
        boolean negative = l < 0;
        long n = negative ? l : -l;
        int digits = 1;
        for (long m = n / 10; m != 0; m = m / 10) {
            digits++;
        }
        int size = negative ? digits + 1 : digits;
        char[] v = new char[size];
        for (int at = size - 1; at >= size - digits; at--) {
            v[at] = (char) ('0' - (int) (n % 10));
            n = n / 10;
        }
        if (negative) {
            v[0] = '-';
        }
        return new String(v, true);
    }

    /** Integer.parseInt(s): radix 10. */
    static int parseInt(String s) {
        return parseInt(s, 10);
    }

    /**
     * JDK 17's Integer.parseInt(s, radix): java.lang.Integer is a box the front end builds, so
     * its parsing is modelled here. The JDK accumulates negatively and checks for overflow at
     * every digit; here the checks run from the sixth digit on (five digits of any radix stay
     * below 36^5 < 2^31, so they cannot fail before), and MIN_VALUE is written 1 << 31: both keep
     * the encoder's integers as narrow as the digits need.
     */
    static int parseInt(String s, int radix) {
        if (s == null) {
            throw new NumberFormatException();
        }
        if (radix < 2 || radix > 36) {
            throw new NumberFormatException();
        }
        int len = s.chars.length;
        if (len == 0) {
            throw new NumberFormatException();
        }
        boolean negative = false;
        int i = 0;
        char firstChar = s.chars[0];
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
            } else if (firstChar != '+') {
                throw new NumberFormatException();
            }
            if (len == 1) {
                throw new NumberFormatException();
            }
            i++;
        }
        int start = i;
        int result = 0;
        while (i < len) {
            int digit = Character.digit(s.chars[i], radix);
            i++;
            if (digit < 0) {
                throw new NumberFormatException();
            }
            if (i - start <= 5) {
                result = result * radix - digit;
            } else {
                int limit = negative ? 1 << 31 : (1 << 31) + 1;
                int multmin = limit / radix;
                if (result < multmin) {
                    throw new NumberFormatException();
                }
                result *= radix;
                if (result < limit + digit) {
                    throw new NumberFormatException();
                }
                result -= digit;
            }
        }
        return negative ? result : -result;
    }

    /** Long.parseLong(s): radix 10. */
    static long parseLong(String s) {
        return parseLong(s, 10);
    }

    /**
     * JDK 17's Long.parseLong(s, radix), as parseInt above: the overflow checks run from the
     * thirteenth digit on (twelve digits of any radix stay below 36^12 < 2^63), and MIN_VALUE
     * is written 1L << 63.
     */
    static long parseLong(String s, int radix) {
        if (s == null) {
            throw new NumberFormatException();
        }
        if (radix < 2 || radix > 36) {
            throw new NumberFormatException();
        }
        int len = s.chars.length;
        if (len == 0) {
            throw new NumberFormatException();
        }
        boolean negative = false;
        int i = 0;
        char firstChar = s.chars[0];
        if (firstChar < '0') {
            if (firstChar == '-') {
                negative = true;
            } else if (firstChar != '+') {
                throw new NumberFormatException();
            }
            if (len == 1) {
                throw new NumberFormatException();
            }
            i++;
        }
        int start = i;
        long result = 0;
        while (i < len) {
            int digit = Character.digit(s.chars[i], radix);
            i++;
            if (digit < 0) {
                throw new NumberFormatException();
            }
            if (i - start <= 12) {
                result = result * radix - digit;
            } else {
                long limit = negative ? 1L << 63 : (1L << 63) + 1;
                long multmin = limit / radix;
                if (result < multmin) {
                    throw new NumberFormatException();
                }
                result *= radix;
                if (result < limit + digit) {
                    throw new NumberFormatException();
                }
                result -= digit;
            }
        }
        return negative ? result : -result;
    }
}
