//! A program over sattar's models of java.util (shared by the engines' differential tests):
//! every modelled method of ArrayList, LinkedList (as a List and as a Deque), Stack and
//! ArrayDeque, with its exceptions (IndexOutOfBounds, ArrayIndexOutOfBounds of Vector,
//! NoSuchElement, EmptyStack, NullPointer of ArrayDeque's nulls), null elements and duplicates,
//! iterators and enhanced `for` that fail fast (ConcurrentModificationException) or end early as
//! each class's iterator does, scripts of many operations in a row, and a queue of the
//! program's own on AbstractQueue (whose add, remove, element, clear, contains and remove(Object)
//! are the JDK's code over its offer, poll, peek and iterator), and a comparator of the
//! program's own called through java.util.Comparator.
#![allow(dead_code)]

/// The sources: one class whose fields hold the collections, and a queue of the program's own
/// on java.util.AbstractQueue (its iterator removes too).
pub const FILES: &[(&str, &str)] = &[
    (
        "coll/Bounded.java",
        "package coll;
import java.util.AbstractQueue;
import java.util.Iterator;
public class Bounded extends AbstractQueue<Integer> {
    Integer[] items;
    int n;
    public boolean offer(Integer x) {
        if (n == items.length) {
            return false;
        }
        items[n++] = x;
        return true;
    }
    public Integer poll() {
        if (n == 0) {
            return null;
        }
        Integer x = items[0];
        removeAt(0);
        return x;
    }
    public Integer peek() {
        return n == 0 ? null : items[0];
    }
    public int size() {
        return n;
    }
    void removeAt(int i) {
        for (int j = i + 1; j < n; j++) {
            items[j - 1] = items[j];
        }
        items[--n] = null;
    }
    public Iterator<Integer> iterator() {
        return new It();
    }
    class It implements Iterator<Integer> {
        int next;
        public boolean hasNext() {
            return next < n;
        }
        public Integer next() {
            return items[next++];
        }
        public void remove() {
            removeAt(--next);
        }
    }
    int op(int op, int x) {
        Integer e = x < 0 ? null : x;
        switch (op) {
            case 0: return add(e) ? 1 : 0;
            case 1: return Ops.v(remove());
            case 2: return Ops.v(element());
            case 3: clear(); return n;
            case 4: return contains(e) ? 1 : 0;
            case 5: return remove(e) ? 1 : 0;
            default: return isEmpty() ? 1 : 0;
        }
    }
}
",
    ),
    (
        "coll/Desc.java",
        "package coll;
import java.util.Comparator;
public class Desc implements Comparator<Integer> {
    boolean flip;
    public int compare(Integer a, Integer b) {
        int d = a - b;
        return flip ? -d : d;
    }
}
",
    ),
    (
        "coll/Ops.java",
        "package coll;
import java.util.ArrayDeque;
import java.util.Comparator;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Stack;
import java.util.ArrayList;
public class Ops {
    List<Integer> list;
    LinkedList<Integer> linked;
    Stack<Integer> stack;
    ArrayDeque<Integer> deque;
    Comparator<Integer> order;
    static int v(Integer x) {
        return x == null ? -100 : x;
    }
    int onList(int op, int x) {
        switch (op) {
            case 0: return list.size();
            case 1: return v(list.get(x));
            case 2: return v(list.set(x, x + 10));
            case 3: list.add(x); return 0;
            case 4: list.add(x, 7); return 0;
            case 5: return v(list.remove(x));
            case 6: return list.remove(Integer.valueOf(x)) ? 1 : 0;
            case 7: return list.indexOf(x);
            case 8: return list.contains(x) ? 1 : 0;
            case 9: list.clear(); return 0;
            case 10: return list.isEmpty() ? 1 : 0;
            case 11: return list.lastIndexOf(x);
            case 12: return list.equals(linked) ? 1 : 0;
            default: return list.hashCode();
        }
    }
    int onLinked(int op, int x) {
        switch (op) {
            case 0: linked.addFirst(x); return 0;
            case 1: linked.addLast(x); return 0;
            case 2: return v(linked.removeFirst());
            case 3: return v(linked.removeLast());
            case 4: return v(linked.pollFirst());
            case 5: return v(linked.pollLast());
            case 6: return v(linked.getFirst());
            case 7: return v(linked.getLast());
            case 8: return v(linked.peekFirst());
            case 9: return v(linked.peekLast());
            case 10: linked.push(x); return 0;
            case 11: return v(linked.pop());
            case 12: return linked.offer(x) ? 1 : 0;
            case 13: return v(linked.poll());
            case 14: return v(linked.element());
            default: return v(linked.peek());
        }
    }
    int onStack(int op, int x) {
        switch (op) {
            case 0: return v(stack.push(x));
            case 1: return v(stack.pop());
            case 2: return v(stack.peek());
            case 3: return stack.empty() ? 1 : 0;
            case 4: return stack.search(x);
            case 5: return v(stack.get(x));
            case 6: return v(stack.remove(x));
            case 7: stack.add(x, 9); return 0;
            case 8: return v(stack.set(x, 8));
            default: return stack.remove(Integer.valueOf(x)) ? 1 : 0;
        }
    }
    int onDeque(int op, int x) {
        Integer e = x < 0 ? null : x;
        switch (op) {
            case 0: deque.addFirst(e); return 0;
            case 1: deque.addLast(e); return 0;
            case 2: return v(deque.pollFirst());
            case 3: return v(deque.pollLast());
            case 4: return v(deque.removeFirst());
            case 5: return v(deque.removeLast());
            case 6: return v(deque.peekFirst());
            case 7: return v(deque.getLast());
            case 8: return deque.contains(e) ? 1 : 0;
            case 9: return deque.remove(e) ? 1 : 0;
            case 10: return deque.offer(e) ? 1 : 0;
            case 11: return v(deque.pop());
            case 12: deque.clear(); return deque.size();
            default: return deque.isEmpty() ? 1 : 0;
        }
    }
    int iterate(int mode, int x) {
        int s = 0;
        Iterator<Integer> it = list.iterator();
        while (it.hasNext()) {
            int v = v(it.next());
            s = s * 3 + v;
            if (v == x) {
                if (mode == 1) {
                    it.remove();
                } else if (mode == 2) {
                    list.remove(Integer.valueOf(v));
                } else if (mode == 3) {
                    it.remove();
                    it.remove();
                } else if (mode == 4) {
                    list.add(v);
                }
            }
        }
        if (mode == 5) {
            it.next();
        }
        return s;
    }
    int forEach(int x) {
        int s = 0;
        for (Integer v : list) {
            s = s * 3 + v(v);
            if (v != null && v == x) {
                list.remove(v);
            }
        }
        return s;
    }
    int rank(int x) {
        int r = 0;
        for (Integer v : list) {
            if (order.compare(v, x) < 0) {
                r++;
            }
        }
        return r;
    }
    int script(int[] ops) {
        int acc = 0;
        for (int i = 0; i + 2 < ops.length; i += 3) {
            int r;
            if (ops[i] == 0) {
                r = onList(ops[i + 1], ops[i + 2]);
            } else if (ops[i] == 1) {
                r = onLinked(ops[i + 1], ops[i + 2]);
            } else if (ops[i] == 2) {
                r = onStack(ops[i + 1], ops[i + 2]);
            } else {
                r = onDeque(ops[i + 1], ops[i + 2]);
            }
            acc = acc * 7 + r;
        }
        return acc;
    }
}
",
    ),
];

/// The element values of input collections: `null` (not in a deque), and boxes of 0, 1 and 1
/// again (another object equal to it).
const ELEMENTS: &[&str] = &["null", "B0", "B1", "B1b"];

/// The boxes the inputs may hold.
const BOXES: &str = r#""B0":{"class":"java.lang.Integer","value":0},"B1":{"class":"java.lang.Integer","value":1},"B1b":{"class":"java.lang.Integer","value":1}"#;

/// Every sequence of up to `max` of `ELEMENTS` (`null` left out when `nulls` is false).
fn sequences(max: usize, nulls: bool) -> Vec<Vec<&'static str>> {
    let values: Vec<&str> = ELEMENTS
        .iter()
        .copied()
        .filter(|e| nulls || *e != "null")
        .collect();
    let mut out = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..max {
        let next: Vec<Vec<&str>> = last
            .iter()
            .flat_map(|s| {
                values.iter().map(move |v| {
                    let mut s = s.clone();
                    s.push(*v);
                    s
                })
            })
            .collect();
        out.extend(next.iter().cloned());
        last = next;
    }
    out
}

/// The JSON objects of a collection `id` of `class` holding `elements` (its array `id`+`E`).
fn collection(id: &str, class: &str, elements: &[&str], mod_count: bool) -> String {
    let items: Vec<String> = elements
        .iter()
        .map(|e| match *e {
            "null" => "null".to_string(),
            b => format!("\"{b}\""),
        })
        .collect();
    let mc = if mod_count { r#","modCount":5"# } else { "" };
    format!(
        r#""{id}":{{"class":"{class}","elements":"{id}E"{mc}}},"{id}E":{{"class":"java.lang.Object[]","elements":[{}]}}"#,
        items.join(",")
    )
}

/// An input: receiver `O` with the four collections, `args` as JSON.
pub fn input(
    list: (&str, &[&str]),
    linked: &[&str],
    stack: &[&str],
    deque: &[&str],
    args: &str,
) -> String {
    format!(
        r#"{{"this":"O","args":{args},"objects":{{"O":{{"class":"coll.Ops","list":"L","linked":"K","stack":"S","deque":"D","order":"C"}},"C":{{"class":"coll.Desc","flip":false}},{},{},{},{},{BOXES}}}}}"#,
        collection("L", list.0, list.1, true),
        collection("K", "java.util.LinkedList", linked, true),
        collection("S", "java.util.Stack", stack, true),
        collection("D", "java.util.ArrayDeque", deque, false),
    )
}

/// `(method, input JSON)` of every enumerated case: each operation with each argument on every
/// collection of up to two elements (a list of each class).
pub fn cases() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    let with_nulls = sequences(2, true);
    let without = sequences(2, false);
    for class in ["java.util.ArrayList", "java.util.LinkedList"] {
        for s in &with_nulls {
            for op in 0..=13 {
                for x in [-1, 0, 1, 2] {
                    let args = format!(r#"{{"op":{op},"x":{x}}}"#);
                    out.push(("onList", input((class, s), &["B1"], &[], &[], &args)));
                }
            }
            for mode in 0..=5 {
                for x in [0, 1] {
                    let args = format!(r#"{{"mode":{mode},"x":{x}}}"#);
                    out.push(("iterate", input((class, s), &[], &[], &[], &args)));
                }
            }
            for x in [0, 1] {
                let args = format!(r#"{{"x":{x}}}"#);
                out.push(("forEach", input((class, s), &[], &[], &[], &args)));
                // A comparator of the program's own, through java.util.Comparator.
                let ascending = input((class, s), &[], &[], &[], &args);
                let descending = ascending.replace(r#""flip":false"#, r#""flip":true"#);
                out.push(("rank", ascending));
                out.push(("rank", descending));
            }
        }
    }
    for s in &with_nulls {
        for x in [-1, 0, 1, 2] {
            for op in 0..=15 {
                let args = format!(r#"{{"op":{op},"x":{x}}}"#);
                out.push((
                    "onLinked",
                    input(("java.util.ArrayList", &[]), s, &[], &[], &args),
                ));
            }
            for op in 0..=9 {
                let args = format!(r#"{{"op":{op},"x":{x}}}"#);
                out.push((
                    "onStack",
                    input(("java.util.ArrayList", &[]), &[], s, &[], &args),
                ));
            }
        }
    }
    for s in &with_nulls {
        for capacity in [2, 3] {
            for op in 0..=6 {
                for x in [-1, 0, 1] {
                    out.push(("Bounded.op", bounded(s, capacity, op, x)));
                }
            }
        }
    }
    for s in &without {
        for x in [-1, 0, 1] {
            for op in 0..=13 {
                let args = format!(r#"{{"op":{op},"x":{x}}}"#);
                out.push((
                    "onDeque",
                    input(("java.util.ArrayList", &[]), &[], &[], s, &args),
                ));
            }
        }
    }
    out
}

/// An input of `Bounded.op`: a queue of `capacity` holding `elements`.
fn bounded(elements: &[&str], capacity: usize, op: i32, x: i32) -> String {
    let mut items: Vec<String> = elements
        .iter()
        .map(|e| match *e {
            "null" => "null".to_string(),
            b => format!("\"{b}\""),
        })
        .collect();
    items.resize(capacity, "null".into());
    format!(
        r#"{{"this":"Q","args":{{"op":{op},"x":{x}}},"objects":{{"Q":{{"class":"coll.Bounded","items":"QA","n":{}}},"QA":{{"class":"java.lang.Integer[]","elements":[{}]}},{BOXES}}}}}"#,
        elements.len(),
        items.join(",")
    )
}

/// `count` scripts of twenty random operations on all four collections (seeded: `next` draws
/// a number below its argument), as `script` inputs.
pub fn scripts(count: usize, next: &mut dyn FnMut(u64) -> u64) -> Vec<String> {
    let ops_of = [14u64, 16, 10, 14];
    (0..count)
        .map(|k| {
            let mut ops = Vec::new();
            for _ in 0..20 {
                let target = next(4);
                ops.push(target);
                ops.push(next(ops_of[target as usize]));
                ops.push(next(4));
            }
            let ints: Vec<String> = ops.iter().map(u64::to_string).collect();
            let class = if k % 2 == 0 {
                "java.util.ArrayList"
            } else {
                "java.util.LinkedList"
            };
            let json = input(
                (class, &["B0", "B1"]),
                &["B1"],
                &["B0"],
                &["B1b"],
                r#"{"ops":"P"}"#,
            );
            let program = format!(
                r#","P":{{"class":"int[]","elements":[{}]}}}}}}"#,
                ints.join(",")
            );
            format!("{}{program}", &json[..json.len() - 2])
        })
        .collect()
}
