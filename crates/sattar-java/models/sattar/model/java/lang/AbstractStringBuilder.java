package sattar.model.java.lang;

/**
 * sattar's model of java.lang.AbstractStringBuilder (package-private, as the JDK's): the chars
 * in `chars`, a char[] of exactly their number that no other object holds, replaced on each
 * change and never changed in place (as a collection's elements are), and the methods
 * StringBuilder inherits from it in JDK 17, exceptions included.
 */
abstract class AbstractStringBuilder implements CharSequence {
    char[] chars;

    public int length() {
        return chars.length;
    }

    public char charAt(int index) {
        if (index < 0 || index >= chars.length) {
            throw new StringIndexOutOfBoundsException();
        }
        return chars[index];
    }

    public void setCharAt(int index, char ch) {
        if (index < 0 || index >= chars.length) {
            throw new StringIndexOutOfBoundsException();
        }
        char[] v = copy(chars.length);
        v[index] = ch;
        chars = v;
    }

    /** The JDK's: a new length, cut, or padded with the char 0. */
    public void setLength(int newLength) {
        if (newLength < 0) {
            throw new StringIndexOutOfBoundsException();
        }
        chars = copy(newLength);
    }

    /** The chars in a new array of length `n` (cut, or padded with the char 0). */
    char[] copy(int n) {
        char[] v = new char[n];
        for (int i = 0; i < n && i < chars.length; i++) {
            v[i] = chars[i];
        }
        return v;
    }

}
