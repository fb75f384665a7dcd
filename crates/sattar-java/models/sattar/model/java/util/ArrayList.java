package sattar.model.java.util;

/** sattar's model of java.util.ArrayList: AbstractList's, which is ArrayList's behaviour. */
public class ArrayList<E> extends AbstractList<E> {
    public ArrayList() {
    }

    /** The initial capacity changes no behaviour but its check. */
    public ArrayList(int initialCapacity) {
        if (initialCapacity < 0) {
            throw new IllegalArgumentException();
        }
    }
}
