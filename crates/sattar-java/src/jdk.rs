//! The JDK's throwable classes sattar knows by name, with their superclasses: what `throw new
//! X(...)` may name, what a user exception class may extend, and what a `catch` clause matches.

/// `(class, superclass)`, qualified, for every JDK throwable sattar knows.
pub const THROWABLES: &[(&str, &str)] = &[
    ("java.lang.Throwable", "java.lang.Object"),
    ("java.lang.Exception", "java.lang.Throwable"),
    ("java.lang.Error", "java.lang.Throwable"),
    ("java.lang.RuntimeException", "java.lang.Exception"),
    (
        "java.lang.IllegalArgumentException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.NumberFormatException",
        "java.lang.IllegalArgumentException",
    ),
    (
        "java.lang.IllegalStateException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.NullPointerException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.UnsupportedOperationException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.IndexOutOfBoundsException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.ArrayIndexOutOfBoundsException",
        "java.lang.IndexOutOfBoundsException",
    ),
    (
        "java.lang.StringIndexOutOfBoundsException",
        "java.lang.IndexOutOfBoundsException",
    ),
    (
        "java.lang.NegativeArraySizeException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.ArrayStoreException",
        "java.lang.RuntimeException",
    ),
    (
        "java.lang.ArithmeticException",
        "java.lang.RuntimeException",
    ),
    ("java.lang.ClassCastException", "java.lang.RuntimeException"),
    (
        "java.lang.CloneNotSupportedException",
        "java.lang.Exception",
    ),
    ("java.lang.InterruptedException", "java.lang.Exception"),
    ("java.lang.AssertionError", "java.lang.Error"),
    ("java.lang.LinkageError", "java.lang.Error"),
    (
        "java.lang.IncompatibleClassChangeError",
        "java.lang.LinkageError",
    ),
    (
        "java.lang.AbstractMethodError",
        "java.lang.IncompatibleClassChangeError",
    ),
    ("java.lang.VirtualMachineError", "java.lang.Error"),
    (
        "java.lang.StackOverflowError",
        "java.lang.VirtualMachineError",
    ),
    (
        "java.lang.OutOfMemoryError",
        "java.lang.VirtualMachineError",
    ),
    (
        "java.util.NoSuchElementException",
        "java.lang.RuntimeException",
    ),
    (
        "java.util.InputMismatchException",
        "java.util.NoSuchElementException",
    ),
    (
        "java.util.ConcurrentModificationException",
        "java.lang.RuntimeException",
    ),
    (
        "java.util.EmptyStackException",
        "java.lang.RuntimeException",
    ),
    ("java.io.IOException", "java.lang.Exception"),
    ("java.io.UncheckedIOException", "java.lang.RuntimeException"),
];

/// The superclass of JDK throwable `class`, if sattar knows it.
pub fn superclass(class: &str) -> Option<&'static str> {
    THROWABLES
        .iter()
        .find(|(c, _)| *c == class)
        .map(|(_, s)| *s)
}

/// Whether `class` is a JDK throwable sattar knows.
pub fn is_throwable(class: &str) -> bool {
    superclass(class).is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_superclass_is_known_or_object_and_chains_reach_throwable() {
        for (c, _) in THROWABLES {
            let mut cur = *c;
            let mut steps = 0;
            while cur != "java.lang.Throwable" {
                cur = superclass(cur).unwrap_or_else(|| panic!("{c}: chain broken at {cur}"));
                steps += 1;
                assert!(steps < 10, "{c}: a cycle");
            }
        }
        assert_eq!(
            superclass("java.util.NoSuchElementException"),
            Some("java.lang.RuntimeException")
        );
    }
}
