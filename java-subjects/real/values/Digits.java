package values;

/** Reads a decimal number, optionally signed, from a chain of characters. */
public final class Digits {
    final char c;
    final Digits next;

    Digits(char c, Digits next) {
        this.c = c;
        this.next = next;
    }

    /** The number the chain spells; IllegalArgumentException on anything else. */
    public static int parse(Digits s) {
        if (s == null) {
            throw new IllegalArgumentException("empty");
        }
        boolean negative = s.c == '-';
        if (negative || s.c == '+') {
            s = s.next;
            if (s == null) {
                throw new IllegalArgumentException("a sign alone");
            }
        }
        int value = 0;
        for (Digits d = s; d != null; d = d.next) {
            char ch = d.c;
            if (ch < '0' || ch > '9') {
                throw new IllegalArgumentException("not a digit: " + ch);
            }
            value = value * 10 + (ch - '0');
        }
        return negative ? -value : value;
    }
}
