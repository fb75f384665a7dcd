//! A program over arrays (shared by the engines' differential tests): creation with a length
//! (`NegativeArraySizeException`), initializers, `length`, reads and writes with their null and
//! index checks in JLS order (`ArrayIndexOutOfBoundsException` below 0 and at the length),
//! compound assignments and `++` on elements, arrays of references and of arrays, covariant
//! stores (`ArrayStoreException`), `(T[]) new Object[n]`, the enhanced `for` (with `continue`
//! and `break`), `System.arraycopy` (overlapping, between classes, refused elements),
//! `Arrays.fill` and `Arrays.copyOf`, over inputs that share and alias arrays.
#![allow(dead_code)]

/// The source: one class in a package, with a subclass for covariant stores.
pub const FILES: &[(&str, &str)] = &[(
    "ar/Arrays.java",
    "package ar;
public class Arrays {
    int[] ints;
    long[] longs;
    boolean[] flags;
    char[] chars;
    Item[] items;
    Object[] objects;
    int[][] grid;
    static class Item {
        int key;
        Item(int k) { key = k; }
    }
    static class Special extends Item {
        Special(int k) { super(k); }
    }
    int get(int i) {
        return ints[i];
    }
    void set(int i, int v) {
        ints[i] = v;
    }
    int bump(int i) {
        ints[i] += 2;
        ints[i]++;
        return ints[i];
    }
    int length() {
        return ints.length + items.length;
    }
    int sum() {
        int s = 0;
        for (int x : ints) {
            if (x < 0) {
                continue;
            }
            s += x;
        }
        return s;
    }
    int firstAbove(int k) {
        int i = 0;
        for (Item it : items) {
            if (it == null) {
                continue;
            }
            if (it.key > k) {
                break;
            }
            i++;
        }
        return i;
    }
    void make(int n) {
        ints = new int[n];
        for (int i = 0; i < n && i < 4; i++) {
            ints[i] = i * 3;
        }
    }
    void init(int a) {
        ints = new int[] {a, a + 1, 7};
        int[] local = {a, 2};
        ints[2] = local[1] + local.length;
        items = new Item[] {new Item(a), null};
        chars = new char[] {'x', 'y'};
        chars[1]++;
    }
    void grow() {
        int[] bigger = new int[2 * ints.length + 1];
        for (int i = 0; i < ints.length; i++) {
            bigger[i] = ints[i];
        }
        ints = bigger;
    }
    void swap(int i, int j) {
        Item t = items[i];
        items[i] = items[j];
        items[j] = t;
    }
    void store(int i) {
        objects[i] = new Item(i);
    }
    void covariant(int i) {
        Item[] specials = new Special[2];
        specials[i] = new Item(3);
    }
    int total() {
        long t = 0;
        for (long v : longs) {
            t += v;
        }
        for (boolean f : flags) {
            if (f) {
                t++;
            }
        }
        return (int) t;
    }
    int gridAt(int i, int j) {
        return grid[i][j];
    }
    void row(int i, int n) {
        grid[i] = new int[n];
    }
    int generic(int n) {
        Object[] xs = new Object[n];
        xs[0] = this;
        return xs.length;
    }
    void shift(int i, int n) {
        System.arraycopy(ints, i, ints, 1, n);
    }
    void copyItems(int i, int n) {
        Object[] to = objects;
        System.arraycopy(items, i, to, 0, n);
    }
    void copyMixed(int n) {
        System.arraycopy(ints, 0, longs, 0, n);
    }
    void fillAll(int v) {
        java.util.Arrays.fill(ints, v);
        java.util.Arrays.fill(flags, v > 1);
    }
    void fillRange(int from, int to) {
        java.util.Arrays.fill(ints, from, to, 9);
        java.util.Arrays.fill(objects, from, to, items);
    }
    int resize(int n) {
        ints = java.util.Arrays.copyOf(ints, n);
        return ints.length;
    }
    int resizeItems(int n) {
        Item[] more = java.util.Arrays.copyOf(items, n);
        Object[] objs = java.util.Arrays.copyOf(objects, n);
        objs[0] = more;
        return more.length;
    }
}
",
)];

/// Receivers: aliasing among arrays, a null array, empty arrays, a reference array holding
/// itself through `objects`.
const RECEIVERS: &[&str] = &[
    r#""objects":{"A0":{"class":"ar.Arrays","ints":"I","longs":"L","flags":"F","chars":"C","items":"T","objects":"O","grid":"G"},
      "I":{"class":"int[]","elements":[3,-1,4]},"L":{"class":"long[]","elements":[5000000000,-2]},
      "F":{"class":"boolean[]","elements":[true,false,true]},"C":{"class":"char[]","elements":[97]},
      "T":{"class":"ar.Arrays.Item[]","elements":["K1",null,"K2"]},"O":{"class":"java.lang.Object[]","elements":["O",null]},
      "G":{"class":"int[][]","elements":["I","I",null]},
      "K1":{"class":"ar.Arrays.Item","key":1},"K2":{"class":"ar.Arrays.Special","key":5}}"#,
    r#""objects":{"A0":{"class":"ar.Arrays","ints":"I","longs":"L","flags":"F","chars":null,"items":"T","objects":"T","grid":"G"},
      "I":{"class":"int[]","elements":[]},"L":{"class":"long[]","elements":[]},
      "F":{"class":"boolean[]","elements":[]},"T":{"class":"ar.Arrays.Special[]","elements":[null,"K2"]},
      "G":{"class":"int[][]","elements":[]},"K2":{"class":"ar.Arrays.Special","key":5}}"#,
    r#""objects":{"A0":{"class":"ar.Arrays","ints":null,"longs":null,"flags":null,"chars":null,"items":null,"objects":null,"grid":null}}"#,
    r#""objects":{"A0":{"class":"ar.Arrays","ints":"I","longs":"L","flags":"F","chars":null,"items":"T","objects":"S","grid":null},
      "I":{"class":"int[]","elements":[1,2,3,4]},"L":{"class":"long[]","elements":[7]},
      "F":{"class":"boolean[]","elements":[false]},"T":{"class":"ar.Arrays.Item[]","elements":["K2","K1","K2"]},
      "S":{"class":"ar.Arrays.Special[]","elements":[null,null,null]},
      "K1":{"class":"ar.Arrays.Item","key":1},"K2":{"class":"ar.Arrays.Special","key":5}}"#,
];

/// Methods without arguments.
const PLAIN_METHODS: &[&str] = &["length", "sum", "grow", "total", "firstAbove0"];
/// Methods of one int argument.
const INT_METHODS: &[&str] = &[
    "get",
    "bump",
    "make",
    "init",
    "store",
    "covariant",
    "generic",
];
/// Methods of two int arguments.
const PAIR_METHODS: &[&str] = &[
    "set",
    "swap",
    "gridAt",
    "row",
    "shift",
    "copyItems",
    "fillRange",
];
/// The argument values: in range, at the bounds and past them.
const VALUES: &[i64] = &[-1, 0, 1, 2, 3];

/// Every (method, JSON input) pair of the differential tests.
pub fn cases() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for r in RECEIVERS {
        for m in PLAIN_METHODS {
            let (m, args) = match *m {
                "firstAbove0" => ("firstAbove", r#"{"k":0}"#),
                m => (m, "{}"),
            };
            out.push((m, format!(r#"{{"this":"A0","args":{args},{r}}}"#)));
        }
        for &a in VALUES {
            for m in INT_METHODS {
                let name = param_names(m);
                out.push((
                    *m,
                    format!(r#"{{"this":"A0","args":{{"{}":{a}}},{r}}}"#, name.0),
                ));
            }
            for &b in VALUES {
                for m in PAIR_METHODS {
                    let (x, y) = param_names(m);
                    out.push((
                        *m,
                        format!(r#"{{"this":"A0","args":{{"{x}":{a},"{y}":{b}}},{r}}}"#),
                    ));
                }
            }
        }
    }
    out
}

/// The parameter names of a method of the program.
fn param_names(m: &str) -> (&'static str, &'static str) {
    match m {
        "set" => ("i", "v"),
        "swap" | "gridAt" => ("i", "j"),
        "row" => ("i", "n"),
        "make" | "generic" | "copyMixed" | "resize" | "resizeItems" => ("n", ""),
        "shift" | "copyItems" => ("i", "n"),
        "fillRange" => ("from", "to"),
        "fillAll" => ("v", ""),
        "init" => ("a", ""),
        _ => ("i", ""),
    }
}
