package sattar.model;

/** Marks a method of a model that sattar does not model: a call that reaches it is refused. */
public @interface Unmodelled {
    /** Why, as the refusal says it. */
    String value();
}
