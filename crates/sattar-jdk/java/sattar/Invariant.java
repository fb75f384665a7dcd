package sattar;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/** Class invariants for sattar: each item is "name: formula" in sattar's spec language. */
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Invariant {
    String[] value();
}
