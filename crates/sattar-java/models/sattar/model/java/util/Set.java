package sattar.model.java.util;

/** sattar's model of java.util.Set: a Collection without duplicates (its methods are Collection's). */
public interface Set<E> extends Collection<E> {
    /** Redeclared, as the JDK does: a call through this type reaches only its classes. */
    Iterator<E> iterator();
}
