/*
 * Writes crates/sattar-java/src/frontend/chars.rs: the JDK's classification, case mapping and
 * digit values of every `char`, as sorted runs, from the JDK that runs it (sattar's models are JDK 17's: Unicode 13.0).
 *
 *     java crates/sattar-java/tools/CharTables.java > crates/sattar-java/src/frontend/chars.rs
 *
 * The JVM differential test (crates/sattar-jvm/tests/characters.rs) compares the models built
 * from these tables with the JDK's methods on every char.
 */
import java.util.function.IntPredicate;
import java.util.function.IntUnaryOperator;

public class CharTables {
    /**
     * Disjoint runs (lo, hi, step) in order: the chars for which `p` holds are those of a run,
     * every char from lo to hi with step 1, every other one from lo with step 2.
     */
    static void predicate(String name, String doc, IntPredicate p) {
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (int c = 0; c <= 0xFFFF; c++) {
            if (!p.test(c)) continue;
            int one = c;
            while (one + 1 <= 0xFFFF && p.test(one + 1)) one++;
            int two = c;
            while (two + 2 <= 0xFFFF && !p.test(two + 1) && p.test(two + 2)) two += 2;
            boolean alternate = (two - c) / 2 > one - c;
            int hi = alternate ? two : one;
            out.append(String.format("    (0x%04X, 0x%04X, %d),%n", c, hi, alternate ? 2 : 1));
            n++;
            c = hi;
        }
        System.out.printf("%n/// %s (%d runs).%n#[rustfmt::skip]%npub(crate) const %s: &[(u16, u16, u16)] = &[%n%s];%n", doc, n, name, out);
    }

    static int delta(IntUnaryOperator f, int c) {
        return f.applyAsInt(c) - c;
    }

    /**
     * Disjoint runs (lo, hi, delta, step) in order: every char of a run with step 1, or every
     * other one from lo with step 2 (the chars between them unchanged), maps to itself plus delta;
     * every other char maps to itself.
     */
    static void mapping(String name, String doc, IntUnaryOperator f) {
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (int c = 0; c <= 0xFFFF; c++) {
            int d = delta(f, c);
            if (d == 0) continue;
            int one = c;
            while (one + 1 <= 0xFFFF && delta(f, one + 1) == d) one++;
            int two = c;
            while (two + 2 <= 0xFFFF && delta(f, two + 1) == 0 && delta(f, two + 2) == d) two += 2;
            boolean alternate = (two - c) / 2 > one - c;
            int hi = alternate ? two : one;
            out.append(String.format("    (0x%04X, 0x%04X, %d, %d),%n", c, hi, d, alternate ? 2 : 1));
            n++;
            c = hi;
        }
        System.out.printf("%n/// %s (%d runs).%n#[rustfmt::skip]%npub(crate) const %s: &[(u16, u16, i32, u16)] = &[%n%s];%n", doc, n, name, out);
    }

    /**
     * Disjoint runs (lo, hi, delta, 1) in order: `Character.digit(c, 36)` of every char of a run
     * is c + delta (a run's values are consecutive); it is -1 for every other char.
     */
    static void digits(String name, String doc) {
        StringBuilder out = new StringBuilder();
        int n = 0;
        for (int c = 0; c <= 0xFFFF; c++) {
            int v = Character.digit((char) c, 36);
            if (v < 0) continue;
            int hi = c;
            while (hi + 1 <= 0xFFFF && Character.digit((char) (hi + 1), 36) == v + (hi + 1 - c)) hi++;
            out.append(String.format("    (0x%04X, 0x%04X, %d, 1),%n", c, hi, v - c));
            n++;
            c = hi;
        }
        System.out.printf("%n/// %s (%d runs).%n#[rustfmt::skip]%npub(crate) const %s: &[(u16, u16, i32, u16)] = &[%n%s];%n", doc, n, name, out);
    }

    public static void main(String[] args) {
        System.out.printf("//! The JDK's classification, case mapping and digit values of every `char` (JDK %s),%n",
            System.getProperty("java.specification.version"));
        System.out.println("//! written by `java crates/sattar-java/tools/CharTables.java`: do not edit.");
        predicate("IS_DIGIT", "`Character.isDigit(char)`", c -> Character.isDigit((char) c));
        predicate("IS_LETTER", "`Character.isLetter(char)`", c -> Character.isLetter((char) c));
        predicate("IS_LETTER_OR_DIGIT", "`Character.isLetterOrDigit(char)`", c -> Character.isLetterOrDigit((char) c));
        predicate("IS_WHITESPACE", "`Character.isWhitespace(char)`", c -> Character.isWhitespace((char) c));
        predicate("IS_SPACE_CHAR", "`Character.isSpaceChar(char)`", c -> Character.isSpaceChar((char) c));
        predicate("IS_UPPER_CASE", "`Character.isUpperCase(char)`", c -> Character.isUpperCase((char) c));
        predicate("IS_LOWER_CASE", "`Character.isLowerCase(char)`", c -> Character.isLowerCase((char) c));
        mapping("TO_UPPER_CASE", "`Character.toUpperCase(char)`", c -> Character.toUpperCase((char) c));
        mapping("TO_LOWER_CASE", "`Character.toLowerCase(char)`", c -> Character.toLowerCase((char) c));
        digits("DIGIT", "`Character.digit(char, 36)`: the value of a digit in the largest radix");
    }
}
