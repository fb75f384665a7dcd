package sattar.model.java.util;

/**
 * sattar's model of java.util.Comparator: the one abstract method a program's own comparators
 * implement. Its default and static methods (reversed, thenComparing, comparing, naturalOrder,
 * …) build comparators from lambdas and method references, which sattar does not analyse: a
 * call of one is refused as a method the model does not declare.
 */
public interface Comparator<T> {
    /** Negative, zero or positive as a orders before, with or after b. */
    int compare(T a, T b);
}
