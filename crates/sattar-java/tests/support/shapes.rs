//! The hand-written class-structure program of the interpreter's tests (`classes.rs`): six files
//! of package `shapes` — an interface with a default method, an abstract class with a static
//! counter, subclasses that override and call `super`, an inner class, a generic box, a
//! comparable key, an enum, `getClass()` comparisons and constructors with `this(...)` and field initializers. Shared with
//! the JVM bridge's differential test.
#![allow(dead_code)]

use sattar_jdk::SourceText;

pub const TREE: &str = "package shapes;
public interface Tree {
    int size();
    default boolean isEmpty() { return size() == 0; }
}
";

pub const BASE: &str = "package shapes;
public abstract class Base implements Tree {
    static int made;
    int tag = 7;
    Base() { made = made + 1; }
    int describe() { return tag; }
}
";

pub const LEAF: &str = "package shapes;
public class Leaf extends Base {
    int val;
    public int size() { return 1; }
}
";

pub const NODE: &str = "package shapes;
public class Node extends Base {
    Tree left;
    Tree right;
    public int size() { return 1 + left.size() + right.size(); }
    int describe() { return super.describe() + 1; }
    public boolean isEmpty() { return false; }
}
";

pub const USE: &str = "package shapes;
public class Use {
    int v;
    Tree t;
    Box<Key> box;
    Color c;
    class In { int get() { return v; } }
    int size() { return t.size(); }
    boolean empty() { return t.isEmpty(); }
    int describe(Base b) { return b.describe(); }
    int leafVal() { if (t instanceof Leaf l) { return l.val; } return -1; }
    int castLeaf() { Leaf l = (Leaf) t; return l.val; }
    int inner() { In i = new In(); return i.get(); }
    int key() { Key k = box.item; return k.k; }
    int made() { Leaf l = new Leaf(); return Base.made; }
    int ordinal() { return c.ordinal(); }
    boolean green() { return c == Color.GREEN; }
    boolean same(Object o) { return o.equals(t); }
    boolean sameClass(Tree o) { return o.getClass() == t.getClass(); }
    boolean notSelf(Object o) { return getClass() != o.getClass(); }
    static <T extends Comparable<T>> boolean less(T a, T b) { return a.compareTo(b) < 0; }
    boolean keys(Key a, Key b) { return less(a, b); }
}
";

pub const MORE: &str = "package shapes;
class Box<T> { T item; }
class Key implements Comparable<Key> {
    int k;
    public int compareTo(Key o) { return k - o.k; }
    public boolean equals(Object o) { return o instanceof Key && ((Key) o).k == k; }
}
enum Color { RED, GREEN }
class Counter {
    int a = 1;
    int b;
    Counter() { this(5); b = b + a; }
    Counter(int x) { super(); b = x; }
}
class MakeCounter { Counter make() { return new Counter(); } }
";

/// The program's files, `(path, text)`.
pub const FILES: [(&str, &str); 6] = [
    ("shapes/Tree.java", TREE),
    ("shapes/Base.java", BASE),
    ("shapes/Leaf.java", LEAF),
    ("shapes/Node.java", NODE),
    ("shapes/Use.java", USE),
    ("shapes/More.java", MORE),
];

/// The program's sources.
pub fn sources() -> Vec<SourceText> {
    FILES
        .iter()
        .map(|(p, t)| SourceText {
            path: p.to_string(),
            text: t.to_string(),
        })
        .collect()
}
