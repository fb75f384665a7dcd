package sattar.model.java.lang;

/**
 * sattar's model of java.lang.CharSequence: the methods String's model reads through it. Its
 * toString() is the JDK's (a model cannot redeclare it: Object's returns the JDK's String).
 */
public interface CharSequence {
    int length();

    char charAt(int index);
}
