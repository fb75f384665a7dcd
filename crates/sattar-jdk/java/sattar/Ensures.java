package sattar;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Postconditions of a method; an item may name its ensures set as "set/name: formula" for sattar: each item is "name: formula" in sattar's spec language. */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface Ensures {
    String[] value();
}
