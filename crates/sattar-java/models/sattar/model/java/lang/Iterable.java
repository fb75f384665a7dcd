package sattar.model.java.lang;

import sattar.model.java.util.Iterator;

/** sattar's model of java.lang.Iterable: what an enhanced for over an object calls. */
public interface Iterable<T> {
    /** A new iterator over the elements. */
    Iterator<T> iterator();
}
