//! A program over sattar's models of java.util's maps (shared by the engines' differential
//! tests): HashMap (default and presized), LinkedHashMap, a LinkedHashMap subclass that evicts
//! its eldest entry (how bounded caches are written), TreeMap in natural order and with a
//! comparator of the program's own; keys of the program's own whose hashes collide in a bin (and
//! some in full, so lookups call equals) and whose order is their compareTo; null keys and values;
//! every modelled method (get, put, remove, containsKey, containsValue, getOrDefault,
//! putIfAbsent, remove(k, v), both replace, size, isEmpty, clear, the key, value and entry views,
//! entry setValue, equals and hashCode across map classes, TreeMap's navigation and polling),
//! iterators that fail fast, run dry or remove twice; and scripts of many operations in a row,
//! long enough to resize a table several times. The map stays in a field, so each engine's
//! post-state shows the JDK's own fields: table, bins, thresholds, links, tree shape, colours.
//! HashSet, LinkedHashSet and TreeSet (natural and comparator order) the same way: every
//! modelled method, navigation, equality across classes, random scripts.
#![allow(dead_code)]

/// The sources.
pub const FILES: &[(&str, &str)] = &[
    (
        "maps/Key.java",
        "package maps;
public final class Key implements Comparable<Key> {
    final int v;
    public Key(int v) {
        this.v = v;
    }
    public boolean equals(Object o) {
        return o instanceof Key && ((Key) o).v == v;
    }
    public int hashCode() {
        return v >= 20 ? 0 : v % 3 * 16 + v / 6;
    }
    public int compareTo(Key o) {
        return v < o.v ? -1 : (v == o.v ? 0 : 1);
    }
}
",
    ),
    (
        "maps/Desc.java",
        "package maps;
import java.util.Comparator;
public class Desc implements Comparator<Key> {
    public int compare(Key a, Key b) {
        return b.v - a.v;
    }
}
",
    ),
    (
        "maps/Lru.java",
        "package maps;
import java.util.LinkedHashMap;
import java.util.Map;
public class Lru extends LinkedHashMap<Key, Integer> {
    final int max;
    public Lru(int max) {
        this.max = max;
    }
    protected boolean removeEldestEntry(Map.Entry<Key, Integer> eldest) {
        return size() > max;
    }
}
",
    ),
    (
        "maps/MapOps.java",
        "package maps;
import java.util.*;
public class MapOps {
    Map<Key, Integer> m;
    Map<Key, Integer> other;
    static Map<Key, Integer> make(int kind) {
        switch (kind) {
            case 0: return new HashMap<>();
            case 1: return new HashMap<>(2);
            case 2: return new LinkedHashMap<>();
            case 3: return new TreeMap<>();
            case 4: return new TreeMap<>(new Desc());
            default: return new Lru(3);
        }
    }
    static Key key(int k) {
        return k == 15 ? null : new Key(k);
    }
    static Integer value(int v) {
        return v == 3 ? null : v;
    }
    static int v(Object x) {
        if (x == null) {
            return -1;
        }
        if (x instanceof Key) {
            return ((Key) x).v;
        }
        return (Integer) x;
    }
    int op(int op, int k, int x) {
        Key key = key(k);
        Integer val = value(x);
        switch (op) {
            case 0: return v(m.put(key, val));
            case 1: return v(m.get(key));
            case 2: return v(m.remove(key));
            case 3: return m.containsKey(key) ? 1 : 0;
            case 4: return m.containsValue(val) ? 1 : 0;
            case 5: return v(m.getOrDefault(key, 9));
            case 6: return v(m.putIfAbsent(key, val));
            case 7: return m.remove(key, val) ? 1 : 0;
            case 8: return v(m.replace(key, val));
            case 9: return m.replace(key, val, 5) ? 1 : 0;
            case 10: return m.size() * 2 + (m.isEmpty() ? 1 : 0);
            case 11: return keys();
            case 12: return entries(x);
            case 13: return removeWhile(k);
            case 14: return m.keySet().remove(key) ? 1 : 0;
            case 15: return m.values().contains(val) ? 1 : 0;
            case 16: return m.entrySet().contains(probe(key, val)) ? 1 : 0;
            case 17: return m.entrySet().remove(probe(key, val)) ? 1 : 0;
            case 18: return m.keySet().contains(key) ? 1 : 0;
            default: m.clear(); return m.size();
        }
    }
    static Map.Entry<Key, Integer> probe(Key key, Integer val) {
        Map<Key, Integer> one = new HashMap<>();
        one.put(key, val);
        return one.entrySet().iterator().next();
    }
    int keys() {
        int s = 0;
        for (Key k : m.keySet()) {
            s = s * 10 + v(k) + 1;
        }
        return s;
    }
    int entries(int x) {
        int s = 0;
        for (Map.Entry<Key, Integer> e : m.entrySet()) {
            s = s * 10 + v(e.getValue()) + 1;
            if (v(e.getKey()) == x) {
                e.setValue(x * 10);
            }
        }
        return s;
    }
    int removeWhile(int k) {
        Iterator<Key> it = m.keySet().iterator();
        int n = 0;
        while (it.hasNext()) {
            Key key = it.next();
            if (v(key) <= k) {
                it.remove();
                n++;
            }
        }
        return n;
    }
    int script(int kind, int[] ops) {
        m = make(kind);
        int acc = 0;
        for (int i = 0; i + 2 < ops.length; i += 3) {
            acc = acc * 7 + op(ops[i], ops[i + 1], ops[i + 2]);
        }
        return acc;
    }
    int iterate(int kind, int[] keys, int mode) {
        m = make(kind);
        for (int i = 0; i < keys.length; i++) {
            m.put(key(keys[i]), i);
        }
        Iterator<Map.Entry<Key, Integer>> it = m.entrySet().iterator();
        int s = 0;
        switch (mode) {
            case 0:
                while (true) {
                    s += v(it.next().getValue());
                }
            case 1:
                while (it.hasNext()) {
                    Map.Entry<Key, Integer> e = it.next();
                    m.put(new Key(v(e.getKey()) + 1), 0);
                    s++;
                }
                return s;
            case 2:
                it.next();
                it.remove();
                it.remove();
                return 0;
            case 3:
                it.remove();
                return 0;
            case 4:
                for (Integer x : m.values()) {
                    m.remove(key(keys[0]));
                    s += v(x);
                }
                return s;
            default:
                while (it.hasNext()) {
                    Map.Entry<Key, Integer> e = it.next();
                    if (e.getValue() % 2 == 0) {
                        it.remove();
                    }
                }
                return m.size();
        }
    }
    int navigate(int[] keys, int op, int k) {
        TreeMap<Key, Integer> t = new TreeMap<>();
        m = t;
        for (int i = 0; i < keys.length; i++) {
            t.put(new Key(keys[i]), i);
        }
        Key key = new Key(k);
        switch (op) {
            case 0: return v(t.firstKey());
            case 1: return v(t.lastKey());
            case 2: return v(t.floorKey(key));
            case 3: return v(t.ceilingKey(key));
            case 4: return v(t.higherKey(key));
            case 5: return v(t.lowerKey(key));
            case 6: {
                Map.Entry<Key, Integer> e = t.pollFirstEntry();
                return e == null ? -1 : v(e.getKey()) * 10 + v(e.getValue());
            }
            case 7: {
                Map.Entry<Key, Integer> e = t.pollLastEntry();
                return e == null ? -1 : v(e.getKey());
            }
            case 8: {
                Map.Entry<Key, Integer> e = t.firstEntry();
                return e == null ? -1 : v(e.setValue(4));
            }
            case 9: {
                Map.Entry<Key, Integer> e = t.floorEntry(key);
                Map.Entry<Key, Integer> f = t.ceilingEntry(key);
                return (e == null ? 0 : 1) + (f == null ? 0 : 2) + (e != null && e.equals(f) ? 4 : 0);
            }
            case 10: {
                Map.Entry<Key, Integer> e = t.higherEntry(key);
                Map.Entry<Key, Integer> f = t.lowerEntry(key);
                return (e == null ? 0 : e.hashCode()) + (f == null ? 0 : 1);
            }
            default: {
                Map.Entry<Key, Integer> e = t.lastEntry();
                return e == null ? -1 : v(e.getValue());
            }
        }
    }
    Set<Key> s;
    static Set<Key> makeSet(int kind) {
        switch (kind) {
            case 0: return new HashSet<>();
            case 1: return new HashSet<>(2);
            case 2: return new LinkedHashSet<>();
            case 3: return new TreeSet<>();
            default: return new TreeSet<>(new Desc());
        }
    }
    int setOp(int op, int k) {
        Key key = key(k);
        switch (op) {
            case 0: return s.add(key) ? 1 : 0;
            case 1: return s.remove(key) ? 1 : 0;
            case 2: return s.contains(key) ? 1 : 0;
            case 3: return s.size() * 2 + (s.isEmpty() ? 1 : 0);
            case 4: {
                int sum = 0;
                for (Key x : s) {
                    sum = sum * 10 + v(x) + 1;
                }
                return sum;
            }
            case 5: {
                Iterator<Key> it = s.iterator();
                int n = 0;
                while (it.hasNext()) {
                    if (v(it.next()) <= k) {
                        it.remove();
                        n++;
                    }
                }
                return n;
            }
            case 6: s.clear(); return s.size();
            case 7: return s.hashCode();
            case 8: {
                Set<Key> copy = makeSet(k % 5);
                for (Key x : s) {
                    copy.add(x);
                }
                return (s.equals(copy) ? 1 : 0) + (copy.equals(s) ? 2 : 0);
            }
            default: {
                if (!(s instanceof NavigableSet)) {
                    return s.add(key) ? 1 : 0;
                }
                NavigableSet<Key> t = (NavigableSet<Key>) s;
                switch (op) {
                    case 9: return v(t.first());
                    case 10: return v(t.last());
                    case 11: return v(t.floor(key));
                    case 12: return v(t.ceiling(key)) + v(t.higher(key)) * 100;
                    case 13: return v(t.lower(key));
                    case 14: return v(t.pollFirst());
                    default: return v(t.pollLast());
                }
            }
        }
    }
    int setScript(int kind, int[] ops) {
        s = makeSet(kind);
        int acc = 0;
        for (int i = 0; i + 1 < ops.length; i += 2) {
            acc = acc * 7 + setOp(ops[i], ops[i + 1]);
        }
        return acc;
    }
    int crowd(int kind, int n) {
        m = make(kind);
        for (int i = 0; i < n; i++) {
            m.put(new Key(20 + i), i);
        }
        return m.get(new Key(20)) + keys();
    }
    int compare(int kind, int otherKind, int[] keys, int drop) {
        m = make(kind);
        other = make(otherKind);
        for (int i = 0; i < keys.length; i++) {
            m.put(new Key(keys[i]), keys[i]);
            other.put(new Key(keys[keys.length - 1 - i]), keys[keys.length - 1 - i]);
        }
        if (drop >= 0) {
            other.remove(new Key(drop));
        }
        int r = m.equals(other) ? 1 : 0;
        r = r * 2 + (m.hashCode() == other.hashCode() ? 1 : 0);
        r = r * 2 + (m.keySet().equals(other.keySet()) ? 1 : 0);
        r = r * 2 + (m.entrySet().hashCode() == other.entrySet().hashCode() ? 1 : 0);
        return r * 1000 + m.hashCode();
    }
}
",
    ),
];

/// The set kinds `makeSet` builds: HashSet, HashSet(2), LinkedHashSet, TreeSet, TreeSet with a
/// descending comparator.
pub const SET_KINDS: u64 = 5;

/// The operations `setOp` knows.
pub const SET_OPS: u64 = 16;

/// The map kinds `make` builds: HashMap, HashMap(2), LinkedHashMap, TreeMap, TreeMap with a
/// descending comparator, a LinkedHashMap evicting beyond 3 entries.
pub const KINDS: u64 = 6;

/// The operations `op` knows.
pub const OPS: u64 = 20;

/// An `int[]` input object named `id` holding `values`, as JSON members.
fn ints(id: &str, values: &[u64]) -> String {
    let v: Vec<String> = values.iter().map(u64::to_string).collect();
    format!(r#""{id}":{{"class":"int[]","elements":[{}]}}"#, v.join(","))
}

/// An input of a `MapOps` method with these int arguments and, if given, an `int[]` argument.
fn input(args: &[(&str, i64)], array: Option<(&str, &[u64])>) -> String {
    let mut a: Vec<String> = args.iter().map(|(n, v)| format!(r#""{n}":{v}"#)).collect();
    let mut objects = vec![r#""O":{"class":"maps.MapOps"}"#.to_string()];
    if let Some((name, values)) = array {
        a.push(format!(r#""{name}":"A""#));
        objects.push(ints("A", values));
    }
    format!(
        r#"{{"this":"O","args":{{{}}},"objects":{{{}}}}}"#,
        a.join(","),
        objects.join(",")
    )
}

/// Every operation on every kind of map after each of a few fixed prefixes, with keys that share
/// a bin or a whole hash, null (15) and absent ones, values 0..=3 (3 meaning null); then
/// iteration modes, crowded bins, navigation and comparisons.
pub fn cases() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    // Prefixes: empty, two keys of one hash (0 and 3), four keys in two bins with a null key.
    let prefixes: [&[u64]; 3] = [
        &[],
        &[0, 0, 1, 0, 3, 2],
        &[0, 1, 1, 0, 7, 2, 0, 15, 0, 0, 6, 3],
    ];
    for kind in 0..KINDS {
        for prefix in prefixes {
            for op in 0..OPS {
                for k in [0, 3, 6, 15] {
                    for x in [0, 2, 3] {
                        let mut ops = prefix.to_vec();
                        ops.extend([op, k, x, 11, 0, 0]);
                        out.push((
                            "script",
                            input(&[("kind", kind as i64)], Some(("ops", &ops))),
                        ));
                    }
                }
            }
        }
        // Up to ten keys of one hash: a bin of nine grows a table below 64 instead of a tree.
        for n in [0, 8, 9, 10] {
            let args = [("kind", kind as i64), ("n", n)];
            out.push(("crowd", input(&args, None)));
        }
        for keys in [&[][..], &[1], &[2, 0, 5], &[4, 1, 3, 0, 2]] {
            for mode in 0..=5 {
                let args = [("kind", kind as i64), ("mode", mode)];
                out.push(("iterate", input(&args, Some(("keys", keys)))));
            }
        }
    }
    for kind in 0..SET_KINDS {
        for prefix in [&[][..], &[0, 1, 0, 4, 0, 3, 0, 15]] {
            for op in 0..SET_OPS {
                for k in [0, 3, 15] {
                    let mut ops = prefix.to_vec();
                    ops.extend([op, k, 4, 0]);
                    let args = [("kind", kind as i64)];
                    out.push(("setScript", input(&args, Some(("ops", &ops)))));
                }
            }
        }
    }
    for keys in [&[][..], &[5], &[3, 1, 4, 0, 6, 2, 5]] {
        for op in 0..=11 {
            for k in [0, 3, 7] {
                let args = [("op", op), ("k", k)];
                out.push(("navigate", input(&args, Some(("keys", keys)))));
            }
        }
    }
    for kind in 0..KINDS {
        for other in 0..KINDS {
            for drop in [-1, 2] {
                let args = [
                    ("kind", kind as i64),
                    ("otherKind", other as i64),
                    ("drop", drop),
                ];
                out.push(("compare", input(&args, Some(("keys", &[1, 2, 4])))));
            }
        }
    }
    out
}

/// `count` scripts of `len` random operations on a random kind of map (seeded: `next` draws a
/// number below its argument), as `script` inputs: fifteen keys and null grow a default table
/// once and a presized one five times.
pub fn scripts(count: usize, len: usize, next: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
    (0..count)
        .map(|_| {
            let kind = next(KINDS);
            let mut ops = Vec::new();
            for _ in 0..len {
                // Puts twice as often as any other operation, clears rarely.
                let op = match next(OPS + 4) {
                    o if o >= OPS => 0,
                    o if o == OPS - 1 && next(4) > 0 => 1,
                    o => o,
                };
                ops.extend([op, next(16), next(4)]);
            }
            input(&[("kind", kind as i64)], Some(("ops", &ops)))
        })
        .collect()
}

/// `count` scripts of `len` random operations on a random kind of set, as `setScript` inputs.
pub fn set_scripts(count: usize, len: usize, next: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
    (0..count)
        .map(|_| {
            let kind = next(SET_KINDS);
            let mut ops = Vec::new();
            for _ in 0..len {
                let op = match next(SET_OPS + 4) {
                    o if o >= SET_OPS => 0,
                    6 if next(4) > 0 => 0,
                    o => o,
                };
                ops.extend([op, next(16)]);
            }
            input(&[("kind", kind as i64)], Some(("ops", &ops)))
        })
        .collect()
}

/// Inputs of `MapOps.op` whose receiver holds a map built by a random script in the interpreter
/// (its post-state: the JDK's fields, table, bins, links or tree), as JSON: every operation on
/// maps of every kind as a run finds them, so each engine must build and read such a pre-state.
pub fn built_inputs(
    p: &sattar_java::Program,
    count: usize,
    next: &mut dyn FnMut(u64) -> u64,
) -> Vec<String> {
    let script = p.find_methods("MapOps.script")[0].id;
    let limits = sattar_java::Limits {
        max_steps: 20_000,
        max_depth: 50,
    };
    let mut out = Vec::new();
    for json in scripts(count, 12, next) {
        let (input, _) = sattar_heap::input_from_json(&json, "t.json", &p.schema(), &p.sig(script))
            .unwrap_or_else(|e| panic!("{json}: {e}"));
        let run = sattar_java::run(p, script, &input, limits).unwrap_or_else(|e| panic!("{e}"));
        if !matches!(run.termination, sattar_java::Termination::Returned(_)) {
            continue;
        }
        let op = next(OPS);
        let args = vec![
            ("op".to_string(), sattar_heap::Value::Int(op as i32)),
            ("k".to_string(), sattar_heap::Value::Int(next(16) as i32)),
            ("x".to_string(), sattar_heap::Value::Int(next(4) as i32)),
        ];
        let built = sattar_heap::TestInput {
            this: input.this.clone(),
            args,
            heap: run.post,
        };
        out.push(sattar_heap::input_to_json(&built).to_string());
    }
    out
}
