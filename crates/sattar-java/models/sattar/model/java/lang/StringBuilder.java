package sattar.model.java.lang;

/**
 * sattar's model of java.lang.StringBuilder: the methods the JDK's declares (the others are
 * AbstractStringBuilder's, as in the JDK, so that javac's calls name the same class). Each is
 * JDK 17's, exceptions included. Its toString() is `toString$` (a model cannot redeclare
 * Object's: it returns the JDK's String).
 */
public final class StringBuilder extends AbstractStringBuilder implements Comparable<StringBuilder> {
    public StringBuilder() {
        this.chars = new char[0];
    }

    /** The capacity changes no behaviour but its check. */
    public StringBuilder(int capacity) {
        if (capacity < 0) {
            throw new NegativeArraySizeException();
        }
        this.chars = new char[0];
    }

    public StringBuilder(String str) {
        this.chars = str.toCharArray();
    }

    public StringBuilder append(String str) {
        String s = str == null ? (String) (Object) "null" : str;
        return insertChars(chars.length, s.toCharArray());
    }

    public StringBuilder append(char c) {
        char[] one = new char[1];
        one[0] = c;
        return insertChars(chars.length, one);
    }

    public StringBuilder append(int i) {
        return insertChars(chars.length, String.valueOf(i).toCharArray());
    }

    public StringBuilder append(long l) {
        return insertChars(chars.length, String.valueOf(l).toCharArray());
    }

    public StringBuilder append(boolean b) {
        return insertChars(chars.length, String.valueOf(b).toCharArray());
    }

    public StringBuilder insert(int offset, String str) {
        if (offset < 0 || offset > chars.length) {
            throw new StringIndexOutOfBoundsException();
        }
        String s = str == null ? (String) (Object) "null" : str;
        return insertChars(offset, s.toCharArray());
    }

    public StringBuilder insert(int offset, char c) {
        if (offset < 0 || offset > chars.length) {
            throw new StringIndexOutOfBoundsException();
        }
        char[] one = new char[1];
        one[0] = c;
        return insertChars(offset, one);
    }

    /** `more` inserted at `at` (checked): a new array. */
    private StringBuilder insertChars(int at, char[] more) {
        int n = chars.length;
        int m = more.length;
        char[] v = new char[n + m];
        for (int i = 0; i < at; i++) {
            v[i] = chars[i];
        }
        for (int j = 0; j < m; j++) {
            v[at + j] = more[j];
        }
        for (int i = at; i < n; i++) {
            v[m + i] = chars[i];
        }
        chars = v;
        return this;
    }

    public StringBuilder deleteCharAt(int index) {
        int n = chars.length;
        if (index < 0 || index >= n) {
            throw new StringIndexOutOfBoundsException();
        }
        char[] v = new char[n - 1];
        for (int i = 0; i < index; i++) {
            v[i] = chars[i];
        }
        for (int i = index + 1; i < n; i++) {
            v[i - 1] = chars[i];
        }
        chars = v;
        return this;
    }

    /** The chars reversed, a surrogate pair kept in its order (the JDK's `reverse`). */
    public StringBuilder reverse() {
        int n = chars.length;
        char[] v = new char[n];
        for (int i = 0; i < n; i++) {
            v[i] = chars[n - 1 - i];
        }
        for (int i = 0; i < n - 1; i++) {
            if (isLow(v[i]) && isHigh(v[i + 1])) {
                char c = v[i];
                v[i] = v[i + 1];
                v[i + 1] = c;
                i++;
            }
        }
        chars = v;
        return this;
    }

    /*
     * Surrogate ranges from small constants (`bits` is no constant): a model's constants set the
     * encoder's least bitwidth for every run that reaches it.
     */

    private static boolean isHigh(char c) {
        int bits = 10;
        return (c >>> bits) == 54;
    }

    private static boolean isLow(char c) {
        int bits = 10;
        return (c >>> bits) == 55;
    }

    /** The first differing chars' difference, else the lengths' (JDK 11 and later). */
    public int compareTo(StringBuilder another) {
        int len1 = chars.length;
        int len2 = another.chars.length;
        int lim = len1 < len2 ? len1 : len2;
        for (int k = 0; k < lim; k++) {
            if (chars[k] != another.chars[k]) {
                return chars[k] - another.chars[k];
            }
        }
        return len1 - len2;
    }

    /** toString(): a new String of the chars. */
    public String toString$() {
        return new String(copy(chars.length));
    }
}
