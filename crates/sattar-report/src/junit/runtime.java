    // ------------------------------------------------------------------ reflective access
    // Tests set and read what Java would not let them touch (private fields and classes, final
    // fields, objects of classes without a usable constructor) through these helpers.

    private static final Map<String, Field> FIELD_CACHE = new HashMap<>();

    /** The class with this binary name (`int`, `[I`, `int[]` too), not initialized. */
    static Class<?> type(String binary) {
        switch (binary) {
            case "int": return int.class;
            case "boolean": return boolean.class;
            case "long": return long.class;
            case "char": return char.class;
            case "short": return short.class;
            case "byte": return byte.class;
            default:
                if (binary.endsWith("[]")) {
                    return java.lang.reflect.Array.newInstance(type(binary.substring(0, binary.length() - 2)), 0).getClass();
                }
                try {
                    return Class.forName(binary, false, SATTAR_SELF.getClassLoader());
                } catch (ClassNotFoundException e) {
                    throw new IllegalStateException("sattar: no class " + binary + " on the class path", e);
                }
        }
    }

    /** An object of the class with every field at its default, no constructor run (as sattar builds inputs). */
    static Object alloc(String binary) {
        return unsafe("allocateInstance", new Class<?>[] {Class.class}, type(binary));
    }

    /** A new array of `length` elements of the class with binary name `component`, each at its default. */
    static Object newArray(String component, int length) {
        return java.lang.reflect.Array.newInstance(type(component), length);
    }

    /** Sets element `i` of array `a` (a primitive given boxed). */
    static void setElement(Object a, int i, Object value) {
        java.lang.reflect.Array.set(a, i, value);
    }

    /** Element `i` of array `a` (a primitive boxed). */
    static Object element(Object a, int i) {
        return java.lang.reflect.Array.get(a, i);
    }

    /** The length of array `a`. */
    static int length(Object a) {
        return java.lang.reflect.Array.getLength(a);
    }

    /** Calls a method of sun.misc.Unsafe (through reflection: javac warns of every direct use). */
    private static Object unsafe(String method, Class<?>[] params, Object... args) {
        try {
            Class<?> u = Class.forName("sun.misc.Unsafe");
            Field f = u.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return u.getMethod(method, params).invoke(f.get(null), args);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("sattar: sun.misc.Unsafe." + method + " failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("sattar: sun.misc.Unsafe is not available", e);
        }
    }

    private static Field field(String declaring, String name) {
        String key = declaring + "#" + name;
        Field f = FIELD_CACHE.get(key);
        if (f == null) {
            try {
                f = type(declaring).getDeclaredField(name);
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException("sattar: no field " + name + " in " + declaring, e);
            }
            f.setAccessible(true);
            FIELD_CACHE.put(key, f);
        }
        return f;
    }

    /** Sets field `name` (declared in class `declaring`) of `o`, private and final ones included. */
    static void set(Object o, String declaring, String name, Object value) {
        try {
            field(declaring, name).set(o, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("sattar: cannot set " + declaring + "." + name, e);
        }
    }

    /** Reads field `name` (declared in class `declaring`) of `o`. */
    static Object get(Object o, String declaring, String name) {
        if (primitive(o) && name.equals("value")) {
            return o; // a box's value (java.lang is closed to reflection): the box, equal to it
        }
        if ((o instanceof String || o instanceof StringBuilder) && name.equals("chars")) {
            return o.toString().toCharArray(); // sattar's models hold their chars in a char[]
        }
        try {
            return field(declaring, name).get(o);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("sattar: cannot read " + declaring + "." + name, e);
        }
    }

    /** Sets static field `name` of class `declaring` (a final one through Unsafe). */
    static void setStatic(String declaring, String name, Object value) {
        Field f = field(declaring, name);
        if (!Modifier.isFinal(f.getModifiers())) {
            try {
                f.set(null, value);
                return;
            } catch (IllegalAccessException e) {
                throw new IllegalStateException("sattar: cannot set " + declaring + "." + name, e);
            }
        }
        Object base = unsafe("staticFieldBase", new Class<?>[] {Field.class}, f);
        Object offset = unsafe("staticFieldOffset", new Class<?>[] {Field.class}, f);
        Class<?>[] params = {Object.class, long.class, f.getType().isPrimitive() ? f.getType() : Object.class};
        String put = f.getType().isPrimitive()
                ? "put" + Character.toUpperCase(f.getType().getName().charAt(0)) + f.getType().getName().substring(1) + "Volatile"
                : "putObjectVolatile";
        unsafe(put, params, base, offset, value);
    }

    /** Reads static field `name` of class `declaring`. */
    static Object getStatic(String declaring, String name) {
        return get(null, declaring, name);
    }

    /** The enum constant `name` of enum `binary`. */
    static Object constant(String binary, String name) {
        for (Object c : type(binary).getEnumConstants()) {
            if (((Enum<?>) c).name().equals(name)) {
                return c;
            }
        }
        throw new IllegalStateException("sattar: no constant " + name + " in " + binary);
    }

    private static Class<?>[] types(String[] names) {
        Class<?>[] out = new Class<?>[names.length];
        for (int i = 0; i < names.length; i++) {
            out[i] = type(names[i]);
        }
        return out;
    }

    /** Calls method `name(params)` of class `declaring` on `receiver` (null: static); the method's own exception is thrown as it is. */
    static Object invoke(Object receiver, String declaring, String name, String[] params, Object... args) throws Throwable {
        Method m = type(declaring).getDeclaredMethod(name, types(params));
        m.setAccessible(true);
        try {
            return m.invoke(receiver, args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /** Runs constructor `declaring(params)`; its own exception is thrown as it is. */
    static Object construct(String declaring, String[] params, Object... args) throws Throwable {
        Constructor<?> c = type(declaring).getDeclaredConstructor(types(params));
        c.setAccessible(true);
        try {
            return c.newInstance(args);
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    // ------------------------------------------------------------------ states

    /** An atom for an object: equal only to itself (whatever the class's equals says). */
    static final class Ref {
        final Object o;

        Ref(Object o) {
            this.o = o;
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Ref && ((Ref) other).o == o;
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(o);
        }

        @Override
        public String toString() {
            return o.getClass().getName() + "@" + Integer.toHexString(hashCode());
        }
    }

    /** One heap: every object with its class (as sattar names it) and fields, and the statics. */
    static final class State {
        final Map<Ref, String> classOf = new LinkedHashMap<>();
        final Map<Ref, Map<String, Object>> fields = new HashMap<>();
        final Map<String, Object> statics = new HashMap<>();
    }

    private static String nameOf(Class<?> c) {
        if (c.isAnonymousClass() && c.getSuperclass() != null && c.getSuperclass().isEnum()) {
            c = c.getSuperclass();
        }
        for (String[] k : CLASSES) {
            if (k[1].equals(c.getName())) {
                return k[0];
            }
        }
        return c.getName();
    }

    /** Whether `v` is a primitive value (boxed by reflection), not an object of the heap. */
    private static boolean primitive(Object v) {
        return v instanceof Number || v instanceof Character || v instanceof Boolean;
    }

    /**
     * The atom of a Java value: an integer (int, long, short, byte, char) as a long, a boolean,
     * an object's Ref; none for null.
     */
    private static Object atom(Object v, Map<Object, Object> alias) {
        if (v == null) {
            return null;
        }
        if (v instanceof Number) {
            return Long.valueOf(((Number) v).longValue());
        }
        if (v instanceof Character) {
            return Long.valueOf((Character) v);
        }
        if (v instanceof Boolean) {
            return v;
        }
        Object a = alias.get(new Ref(v));
        return new Ref(a != null ? a : v);
    }

    /**
     * The state of the objects `kept`, the enum constants, and every object reachable from
     * `roots` and the static fields (what sattar's heaps hold), read now.
     */
    private static State snapshot(Object[] kept, Object[] roots, Map<Object, Object> alias, Map<Ref, Object> storage) {
        State s = new State();
        for (String[] st : STATICS) {
            s.statics.put(st[0], atom(getStatic(st[1], st[2]), alias));
        }
        ArrayDeque<Object> todo = new ArrayDeque<>();
        for (Object o : roots) {
            if (o != null) {
                todo.add(o);
            }
        }
        for (Object v : s.statics.values()) {
            if (v instanceof Ref) {
                todo.add(((Ref) v).o);
            }
        }
        List<Object> all = new ArrayList<>();
        while (!todo.isEmpty()) {
            Object o = todo.poll();
            if (primitive(o)) {
                continue;
            }
            Ref r = (Ref) atom(o, alias);
            if (s.classOf.containsKey(r)) {
                continue;
            }
            all.add(o);
            visit(s, o, r, todo, alias, storage);
        }
        for (String[] e : ENUMS) {
            for (Object c : type(e[1]).getEnumConstants()) {
                visit(s, c, (Ref) atom(c, alias), new ArrayDeque<>(), alias, storage);
            }
        }
        for (Object o : kept) {
            if (primitive(o)) {
                continue;
            }
            Ref r = (Ref) atom(o, alias);
            if (!s.classOf.containsKey(r)) {
                visit(s, o, r, new ArrayDeque<>(), alias, storage);
            }
        }
        return s;
    }

    /**
     * The storage array of object `r` whose contents are now `now`: the one it was last seen with
     * if those contents are the same (sattar's models keep an array while the state is unchanged
     * and replace it on a change, so a state that did not change keeps its array's identity).
     */
    private static Object storage(Ref r, Object now, Map<Ref, Object> storage) {
        Object before = storage.get(r);
        boolean same = before instanceof char[] && now instanceof char[]
                ? Arrays.equals((char[]) before, (char[]) now)
                : before instanceof Object[] && now instanceof Object[] && sameElements((Object[]) before, (Object[]) now);
        if (same) {
            return before;
        }
        storage.put(r, now);
        return now;
    }

    /** Whether two arrays hold the same objects (by identity), in order. */
    private static boolean sameElements(Object[] a, Object[] b) {
        if (a.length != b.length) {
            return false;
        }
        for (int i = 0; i < a.length; i++) {
            if (a[i] != b[i]) {
                return false;
            }
        }
        return true;
    }

    /** Records `o` (as atom `r`) with its fields; queues what its fields refer to. */
    private static void visit(State s, Object o, Ref r, ArrayDeque<Object> todo, Map<Object, Object> alias, Map<Ref, Object> storage) {
        String cls = nameOf(o.getClass());
        s.classOf.put(r, cls);
        Map<String, Object> values = new HashMap<>();
        if (o.getClass().isArray()) {
            // An array as sattar's heaps hold it: its length and one field per element ("0", "1", ...).
            int n = java.lang.reflect.Array.getLength(o);
            values.put("length", Long.valueOf(n));
            for (int i = 0; i < n; i++) {
                Object v = java.lang.reflect.Array.get(o, i);
                values.put(Integer.toString(i), atom(v, alias));
                if (v != null && !primitive(v)) {
                    todo.add(v);
                }
            }
            s.fields.put(r, values);
            return;
        }
        if (o instanceof String || o instanceof StringBuilder) {
            // A String as sattar's model holds it: its chars in a char[] of its own
            // (sattar_heap::STRING_CHARS; java.lang is closed to reflection).
            Object chars = storage(r, o.toString().toCharArray(), storage);
            values.put("chars", atom(chars, alias));
            todo.add(chars);
            s.fields.put(r, values);
            return;
        }
        if (Arrays.asList(OPAQUE).contains(o.getClass().getName())) {
            // A Random's seed: java.base's, closed to reflection (a spec reading it is not exported).
            s.fields.put(r, values);
            return;
        }
        if (Arrays.asList(COLLECTIONS).contains(o.getClass().getName())) {
            // A list, deque or stack as sattar's model holds it: its elements, first to last, in
            // an Object[] of their number (sattar_java::library::ELEMENTS); java.util's fields are
            // closed to reflection, and a model's modCount is not compared.
            Object elements = storage(r, ((java.util.Collection<?>) o).toArray(), storage);
            values.put("elements", atom(elements, alias));
            todo.add(elements);
            s.fields.put(r, values);
            return;
        }
        for (String[] f : FIELDS) {
            if (!f[0].equals(cls)) {
                continue;
            }
            Object v = f[2].isEmpty() ? Integer.valueOf(((Enum<?>) o).ordinal()) : get(o, f[2], f[1]);
            values.put(f[1], atom(v, alias));
            if (v != null && !primitive(v)) {
                todo.add(v);
            }
        }
        s.fields.put(r, values);
    }

    // ------------------------------------------------------------------ one test's check

    /** The pre-state, taken when the check is made; the post-state, taken after the call. */
    static final class Check {
        private final Object receiver;
        private final Object[] kept;
        private final Object[] roots;
        private final Object[] args;
        private final Map<Object, Object> alias = new HashMap<>();
        /** The storage array each String or collection was last seen with. */
        private final Map<Ref, Object> storage = new HashMap<>();
        private final State pre;
        private State post;
        private Object result;

        Check(Object receiver, Object[] kept, Object[] args) {
            this.receiver = receiver;
            this.kept = kept;
            this.args = args;
            List<Object> r = new ArrayList<>();
            r.add(receiver);
            r.addAll(Arrays.asList(args));
            this.roots = r.toArray();
            this.pre = snapshot(kept, roots, alias, storage);
        }

        /** The invariants and preconditions the pre-state violates (empty: a valid input). */
        List<String> invalid() {
            return failing(false);
        }

        /** Records the call's return value (null for void) and takes the post-state. */
        void returned(Object value) {
            result = value;
            List<Object> r = new ArrayList<>(Arrays.asList(roots));
            r.add(value);
            post = snapshot(kept, r.toArray(), alias, storage);
        }

        /** Records the object a constructor made: the receiver of the pre-state. */
        void constructed(Object made) {
            alias.put(new Ref(made), receiver);
            post = snapshot(replace(kept, made), replace(roots, made), alias, storage);
        }

        /** `objects` with the pre-state's receiver replaced by the object the constructor made. */
        private Object[] replace(Object[] objects, Object made) {
            Object[] out = objects.clone();
            for (int i = 0; i < out.length; i++) {
                if (out[i] == receiver) {
                    out[i] = made;
                }
            }
            return out;
        }

        /** The postconditions the call violates (empty: the method did what the specification says). */
        List<String> violated() {
            if (post == null) {
                throw new IllegalStateException("sattar: violated() before the call's result was recorded");
            }
            return failing(true);
        }

        /** Each constraint's verdict in order (invariants, requires, ensures): T holds, F does
         * not, E its evaluation failed (an integer overflow, as sattar's evaluator reports). */
        String verdicts() {
            StringBuilder out = new StringBuilder();
            Env e = env();
            for (int i = 0; i < CONSTRAINTS.length; i++) {
                try {
                    out.append(holds(i, e) ? 'T' : 'F');
                } catch (ArithmeticException x) {
                    out.append('E');
                }
            }
            return out.toString();
        }

        private Env env() {
            return new Env(pre, post == null ? pre : post, atom(receiver, alias), args, atom(result, alias), alias);
        }

        private List<String> failing(boolean ensures) {
            List<String> out = new ArrayList<>();
            Env e = env();
            for (int i = 0; i < CONSTRAINTS.length; i++) {
                if ((KINDS[i] == 2) == ensures && !holds(i, e)) {
                    out.add(CONSTRAINTS[i]);
                }
            }
            return out;
        }
    }

    /** A check of the call `receiver.m(args)`; the pre-state is taken now. */
    static Check check(Object receiver, Object[] kept, Object... args) {
        return new Check(receiver, kept, args);
    }

    // ------------------------------------------------------------------ the evaluator
    // sattar's semantics of the specification language (docs/SPEC.md): sets of atoms, joins
    // on the objects of exactly a field's class, closures, Alloy's integers as exact longs.

    /** Where a constraint is evaluated: the two states, the receiver, the arguments and the result. */
    static final class Env {
        final State pre;
        final State post;
        final Object self;
        final Object[] args;
        final Object result;
        final Map<Object, Object> alias;

        Env(State pre, State post, Object self, Object[] args, Object result, Map<Object, Object> alias) {
            this.pre = pre;
            this.post = post;
            this.self = self;
            this.args = args;
            this.result = result;
            this.alias = alias;
        }

        State st(boolean primed) {
            return primed ? post : pre;
        }

        Set<Object> self() {
            return one(self);
        }

        Set<Object> arg(int i) {
            return one(atom(args[i], alias));
        }

        Set<Object> result() {
            return one(result);
        }

        /** The objects of exactly class `c` in a state. */
        Set<Object> extent(boolean primed, String c) {
            Set<Object> out = new LinkedHashSet<>();
            for (Map.Entry<Ref, String> e : st(primed).classOf.entrySet()) {
                if (e.getValue().equals(c)) {
                    out.add(e.getKey());
                }
            }
            return out;
        }

        Set<Object> stat(boolean primed, String key) {
            return one(st(primed).statics.get(key));
        }

        Set<Object> constant(String id) {
            for (Map.Entry<Ref, String> e : pre.classOf.entrySet()) {
                Object o = e.getKey().o;
                if (o instanceof Enum && (e.getValue() + "." + ((Enum<?>) o).name()).equals(id)) {
                    return one(e.getKey());
                }
            }
            throw new IllegalStateException("sattar: no enum constant " + id);
        }

        /** `s.rel` */
        Set<Object> join(Set<Object> s, Rel rel) {
            return rel.image(this, s);
        }

        /** Element `i` of every array in `s` whose length exceeds `i`, in a state. */
        Set<Object> elem(boolean primed, Set<Object> s, long i) {
            State st = st(primed);
            Set<Object> out = new LinkedHashSet<>();
            for (Object a : s) {
                Map<String, Object> f = a instanceof Ref ? st.fields.get(a) : null;
                Object len = f == null ? null : f.get("length");
                if (len instanceof Long && i >= 0 && i < (Long) len) {
                    Object v = f.get(Long.toString(i));
                    if (v != null) {
                        out.add(v);
                    }
                }
            }
            return out;
        }

        /** Every element of every array in `s` (below its length), in a state. */
        Set<Object> elems(boolean primed, Set<Object> s) {
            State st = st(primed);
            Set<Object> out = new LinkedHashSet<>();
            for (Object a : s) {
                Map<String, Object> f = a instanceof Ref ? st.fields.get(a) : null;
                Object len = f == null ? null : f.get("length");
                for (long i = 0; len instanceof Long && i < (Long) len; i++) {
                    Object v = f.get(Long.toString(i));
                    if (v != null) {
                        out.add(v);
                    }
                }
            }
            return out;
        }
    }

    /** A binary relation built from fields. */
    interface Rel {
        Set<Object> image(Env e, Set<Object> s);

        Set<Object> preimage(Env e, Set<Object> s);
    }

    /** The pairs `(o, o.f)` for the objects `o` of exactly class `c` in a state, null omitted. */
    static Rel field(boolean primed, String c, String f) {
        return new Rel() {
            public Set<Object> image(Env e, Set<Object> s) {
                State st = e.st(primed);
                Set<Object> out = new LinkedHashSet<>();
                for (Object a : s) {
                    if (a instanceof Ref && c.equals(st.classOf.get(a))) {
                        Object v = st.fields.get(a).get(f);
                        if (v != null) {
                            out.add(v);
                        }
                    }
                }
                return out;
            }

            public Set<Object> preimage(Env e, Set<Object> s) {
                State st = e.st(primed);
                Set<Object> out = new LinkedHashSet<>();
                for (Map.Entry<Ref, String> o : st.classOf.entrySet()) {
                    if (o.getValue().equals(c)) {
                        Object v = st.fields.get(o.getKey()).get(f);
                        if (v != null && s.contains(v)) {
                            out.add(o.getKey());
                        }
                    }
                }
                return out;
            }
        };
    }

    static Rel runion(Rel x, Rel y) {
        return new Rel() {
            public Set<Object> image(Env e, Set<Object> s) {
                return union(x.image(e, s), y.image(e, s));
            }

            public Set<Object> preimage(Env e, Set<Object> s) {
                return union(x.preimage(e, s), y.preimage(e, s));
            }
        };
    }

    static Rel transpose(Rel r) {
        return new Rel() {
            public Set<Object> image(Env e, Set<Object> s) {
                return r.preimage(e, s);
            }

            public Set<Object> preimage(Env e, Set<Object> s) {
                return r.image(e, s);
            }
        };
    }

    /** `^r`, or `*r` when reflexive (`s.*r = s + s.^r`). */
    static Rel closure(boolean reflexive, Rel r) {
        return new Rel() {
            public Set<Object> image(Env e, Set<Object> s) {
                return close(s, reflexive, x -> r.image(e, x));
            }

            public Set<Object> preimage(Env e, Set<Object> s) {
                return close(s, reflexive, x -> r.preimage(e, x));
            }
        };
    }

    private static Set<Object> close(Set<Object> s, boolean reflexive, java.util.function.UnaryOperator<Set<Object>> step) {
        Set<Object> out = reflexive ? new LinkedHashSet<>(s) : new LinkedHashSet<>();
        Set<Object> frontier = step.apply(s);
        while (true) {
            Set<Object> fresh = new LinkedHashSet<>(frontier);
            fresh.removeAll(out);
            if (fresh.isEmpty()) {
                return out;
            }
            out.addAll(fresh);
            frontier = step.apply(fresh);
        }
    }

    /** The integers `lo .. hi` (empty when `hi < lo`). */
    static Set<Object> range(long lo, long hi) {
        Set<Object> out = new LinkedHashSet<>();
        for (long i = lo; i <= hi; i++) {
            out.add(Long.valueOf(i));
        }
        return out;
    }

    static Set<Object> none() {
        return new LinkedHashSet<>();
    }

    /** The singleton of an atom; empty for none (null). */
    static Set<Object> one(Object atom) {
        Set<Object> out = new LinkedHashSet<>();
        if (atom != null) {
            out.add(atom);
        }
        return out;
    }

    static Set<Object> union(Set<Object> a, Set<Object> b) {
        Set<Object> out = new LinkedHashSet<>(a);
        out.addAll(b);
        return out;
    }

    static Set<Object> diff(Set<Object> a, Set<Object> b) {
        Set<Object> out = new LinkedHashSet<>(a);
        out.removeAll(b);
        return out;
    }

    static Set<Object> inter(Set<Object> a, Set<Object> b) {
        Set<Object> out = new LinkedHashSet<>(a);
        out.retainAll(b);
        return out;
    }

    static boolean subset(Set<Object> a, Set<Object> b) {
        return b.containsAll(a);
    }

    /** The sum of the int atoms (0 for none): how an int set enters arithmetic. */
    static long sum(Set<Object> s) {
        long out = 0;
        for (Object a : s) {
            if (a instanceof Long) {
                out = Math.addExact(out, (Long) a);
            }
        }
        return out;
    }

    static long card(Set<Object> s) {
        return s.size();
    }

    /** `no/some/one/lone e` on `n` atoms. */
    static boolean mult(int q, long n) {
        switch (q) {
            case SOME: return n >= 1;
            case NO: return n == 0;
            case ONE: return n == 1;
            default: return n <= 1;
        }
    }

    static final int ALL = 0;
    static final int SOME = 1;
    static final int NO = 2;
    static final int ONE = 3;
    static final int LONE = 4;

    /** A quantifier's body on one tuple of its variables' atoms. */
    interface Body {
        boolean test(Object[] t);
    }

    /** `q v1..vk: bound | body` over every tuple of atoms of the bound, as sattar counts it. */
    static boolean quant(int q, int k, Set<Object> bound, Body body) {
        Object[] domain = bound.toArray();
        int[] idx = new int[k];
        long hits = 0;
        boolean more = domain.length > 0 || k == 0;
        while (more) {
            Object[] t = new Object[k];
            for (int i = 0; i < k; i++) {
                t[i] = domain[idx[i]];
            }
            boolean holds = body.test(t);
            hits += holds ? 1 : 0;
            boolean decided = q == ALL ? !holds : (q == SOME || q == NO) ? holds : hits > 1;
            more = !decided && advance(idx, domain.length);
        }
        long total = 1;
        for (int i = 0; i < k; i++) {
            total = total > Long.MAX_VALUE / Math.max(domain.length, 1) ? Long.MAX_VALUE : total * domain.length;
        }
        return q == ALL ? hits == total : mult(q, hits);
    }

    private static boolean advance(int[] idx, int n) {
        for (int i = idx.length - 1; i >= 0; i--) {
            idx[i]++;
            if (idx[i] < n) {
                return true;
            }
            idx[i] = 0;
        }
        return false;
    }
