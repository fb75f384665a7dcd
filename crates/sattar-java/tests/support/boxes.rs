//! A program over Java's box classes (shared by the engines' differential tests): boxing and
//! unboxing in assignments, arguments, returns, operators, compound assignments, `++`, `switch`
//! and conditions (`NullPointerException` on null, before a right operand is evaluated), `==` on boxes inside and outside the cache
//! JLS 5.1.7 requires (-128..127), `equals`, `compareTo` and `hashCode` of `Integer`, `Long`,
//! `Short`, `Character`, `Boolean`, called directly, through `Object.equals` and through a
//! generic `Comparable`, box fields and statics given as numbers or as shared objects.
#![allow(dead_code)]

/// The source: one class in a package.
pub const FILES: &[(&str, &str)] = &[("bx/Boxes.java", "package bx;
public class Boxes {
    Integer count;
    Long total;
    Character letter;
    Boolean flag;
    Short small;
    Boxes next;
    static Integer shared;
    int unboxSum() {
        return count + 1;
    }
    int tick() {
        flag = null;
        return 2;
    }
    int order() {
        int r = count * tick();
        count -= tick();
        return r;
    }
    int orderArray() {
        Integer[] a = {count};
        a[0] += tick();
        return a[0];
    }
    boolean same(int a, int b) {
        Integer x = a;
        Integer y = b;
        return x == y;
    }
    boolean eq(int a, int b) {
        Integer x = a;
        Integer y = b;
        return x.equals(y) && y.equals(a) && !x.equals(total);
    }
    void bump(int a) {
        count += a;
        count++;
        total = total == null ? 0L : total + a;
        small++;
    }
    int cmp(int a) {
        Integer x = a;
        return x.compareTo(count) + flag.compareTo(a > 0) + letter.compareTo('m') + small.compareTo((short) a);
    }
    Object asObject(int a) {
        Object o = a;
        shared = a;
        return o;
    }
    boolean sameField() {
        return count == shared || count.equals(shared);
    }
    int fromChar() {
        char c = letter;
        return c + (flag ? 1 : 0);
    }
    int sw() {
        switch (count) {
            case 1:
                return 10;
            case 200:
                return 20;
            default:
                return 0;
        }
    }
    long widen() {
        long v = count;
        return v + total + count.longValue() + count.intValue() + small.byteValue();
    }
    static <T extends Comparable<T>> int generic(T a, T b) {
        return a.compareTo(b);
    }
    int viaGeneric(int a) {
        return generic(count, a) + generic(flag, a > 1);
    }
    static boolean objEquals(Object a, Object b) {
        return a.equals(b);
    }
    boolean viaObjEquals(int a) {
        return objEquals(a, count) || objEquals(total, (long) a);
    }
    int hash() {
        return count.hashCode() + total.hashCode() + flag.hashCode() + letter.hashCode() + small.hashCode();
    }
    Integer chain() {
        int s = 0;
        for (Boxes p = this; p != null; p = p.next) {
            if (p.count != null) {
                s += p.count;
            }
        }
        return s;
    }
    Integer cached(int a) {
        Integer x = a;
        Integer y = Integer.valueOf(a);
        shared = y;
        count = x;
        return x;
    }
}
")];

/// The methods of `Boxes` taking `(int a)`.
pub const INT_METHODS: &[&str] = &[
    "cmp",
    "asObject",
    "bump",
    "viaGeneric",
    "viaObjEquals",
    "cached",
];

/// The methods of `Boxes` taking `(int a, int b)`.
pub const PAIR_METHODS: &[&str] = &["same", "eq"];

/// The methods of `Boxes` taking nothing.
pub const PLAIN_METHODS: &[&str] = &[
    "unboxSum",
    "order",
    "orderArray",
    "sameField",
    "fromChar",
    "sw",
    "widen",
    "hash",
    "chain",
];

/// Values of `a` and `b`: both ends of the cache and beyond.
pub const VALUES: &[i32] = &[-129, -128, -1, 0, 1, 5, 127, 128, 200, 1000];

/// Receivers `B0` (objects and statics, as JSON members): boxes as numbers, null, a box shared
/// with a static, an equal box that is not the same object, a chain.
pub const RECEIVERS: &[&str] = &[
    r#""objects":{"B0":{"class":"bx.Boxes","count":1,"total":5,"letter":"a","flag":true,"small":3}}"#,
    r#""objects":{"B0":{"class":"bx.Boxes","count":null,"total":5,"letter":"z","flag":false,"small":3}}"#,
    r#""objects":{"B0":{"class":"bx.Boxes","count":200,"total":9223372036854775807,"letter":"m","flag":true,"small":-32768}}"#,
    r#""statics":{"bx.Boxes.shared":"I0"},"objects":{"B0":{"class":"bx.Boxes","count":"I0","total":-1,"letter":65535,"flag":false,"small":0},"I0":{"class":"java.lang.Integer","value":127}}"#,
    r#""statics":{"bx.Boxes.shared":1000},"objects":{"B0":{"class":"bx.Boxes","count":1000,"total":0,"letter":"a","flag":true,"small":1}}"#,
    r#""objects":{"B0":{"class":"bx.Boxes","count":-128,"total":null,"letter":null,"flag":null,"small":null}}"#,
    r#""objects":{"B0":{"class":"bx.Boxes","count":7,"total":2,"letter":"b","flag":true,"small":2,"next":"B1"},"B1":{"class":"bx.Boxes","count":"I1","next":"B2"},"B2":{"class":"bx.Boxes","count":null},"I1":{"class":"java.lang.Integer","value":128}}"#,
];

/// Every case: `Boxes.method` and its input as JSON.
pub fn cases() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for r in RECEIVERS {
        for m in PLAIN_METHODS {
            out.push((*m, format!(r#"{{"this":"B0","args":{{}},{r}}}"#)));
        }
        for &a in VALUES {
            for m in INT_METHODS {
                out.push((*m, format!(r#"{{"this":"B0","args":{{"a":{a}}},{r}}}"#)));
            }
        }
    }
    for &a in VALUES {
        for &b in VALUES {
            for m in PAIR_METHODS {
                let r = RECEIVERS[0];
                out.push((
                    *m,
                    format!(r#"{{"this":"B0","args":{{"a":{a},"b":{b}}},{r}}}"#),
                ));
            }
        }
    }
    out
}
