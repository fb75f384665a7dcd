package sattar.model.java.lang;

/**
 * sattar's model of java.lang.CharSequence. Its toString() is `toString$` (a model cannot
 * redeclare Object's: it returns the JDK's String); a call of `toString()` on a model runs it.
 */
public interface CharSequence {
    int length();

    char charAt(int index);

    String toString$();
}
