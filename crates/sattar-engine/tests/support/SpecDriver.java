// Runs the Java checks of an exported specification (the support class sattar writes with
// --export-tests) on heaps read from a file, and prints every constraint's verdict, so that
// tests/spec_java.rs can compare them with sattar's own evaluator. Usage:
//   java -cp CLASSES SpecDriver SUPPORT_CLASS CASES_FILE
// The file holds cases, one line per instruction (fields separated by tabs):
//   case N | obj ID BINARY | box ID CLASS VALUE | arr ID COMPONENT LENGTH | elem ID INDEX VALUE |
//   set ID DECLARING FIELD VALUE |
//   static DECLARING FIELD VALUE |
//   this ID | arg VALUE | check | result VALUE | end
// where VALUE is `i:42` (`j:`, `c:`, `s:`, `y:` for long, char, short, byte), `b:true`, `n:`
// (null), `r:ID` (an object of the case) or
// `e:BINARY:NAME` (an enum constant). Lines before `check` build the pre-state; `check` takes
// it; the lines after it turn the objects into the post-state (new objects included); `end`
// takes the post-state and prints `N VERDICTS` (T, F or E per constraint; E and the reason when
// the check itself throws).
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

public class SpecDriver {
    private static Class<?> support;

    private static Object call(Object target, String name, Class<?>[] types, Object... args) throws Exception {
        Class<?> c = target == null ? support : target.getClass();
        Method m = c.getDeclaredMethod(name, types);
        m.setAccessible(true);
        try {
            return m.invoke(target, args);
        } catch (java.lang.reflect.InvocationTargetException e) {
            Throwable t = e.getCause();
            if (t instanceof Exception) {
                throw (Exception) t;
            }
            throw (Error) t;
        }
    }

    private static Object value(String v, Map<String, Object> objects) throws Exception {
        int colon = v.indexOf(':');
        String kind = v.substring(0, colon);
        String rest = v.substring(colon + 1);
        switch (kind) {
            case "i": return Integer.valueOf(rest);
            case "j": return Long.valueOf(rest);
            case "c": return Character.valueOf((char) Integer.parseInt(rest));
            case "s": return Short.valueOf(rest);
            case "y": return Byte.valueOf(rest);
            case "b": return Boolean.valueOf(rest);
            case "n": return null;
            case "r": return objects.get(rest);
            case "e": {
                int c = rest.lastIndexOf(':');
                return call(null, "constant", new Class<?>[] {String.class, String.class}, rest.substring(0, c), rest.substring(c + 1));
            }
            default: throw new IllegalArgumentException("bad value " + v);
        }
    }

    /** The class named as Class.forName names it, or a primitive type by its name. */
    private static Class<?> component(String name) throws Exception {
        switch (name) {
            case "int": return int.class;
            case "long": return long.class;
            case "boolean": return boolean.class;
            case "char": return char.class;
            case "short": return short.class;
            case "byte": return byte.class;
            default: return Class.forName(name);
        }
    }

    public static void main(String[] args) throws Exception {
        support = Class.forName(args[0]);
        List<String> lines = Files.readAllLines(Paths.get(args[1]), StandardCharsets.UTF_8);
        StringBuilder out = new StringBuilder();
        Map<String, Object> objects = new HashMap<>();
        List<Object> kept = new ArrayList<>();
        List<Object> callArgs = new ArrayList<>();
        Object self = null;
        Object check = null;
        Object result = null;
        String name = null;
        for (String line : lines) {
            String[] f = line.split("\t", -1);
            switch (f[0]) {
                case "case":
                    name = f[1];
                    objects.clear();
                    kept.clear();
                    callArgs.clear();
                    self = null;
                    check = null;
                    result = null;
                    break;
                case "obj": {
                    Object o = call(null, "alloc", new Class<?>[] {String.class}, f[2]);
                    objects.put(f[1], o);
                    if (check == null) {
                        kept.add(o);
                    }
                    break;
                }
                case "coll": {
                    // A java.util list, deque or stack, made as the JDK makes one, then filled.
                    Object o = Class.forName(f[2]).getConstructor().newInstance();
                    objects.put(f[1], o);
                    if (check == null) {
                        kept.add(o);
                    }
                    break;
                }
                case "add": {
                    @SuppressWarnings("unchecked")
                    java.util.Collection<Object> c = (java.util.Collection<Object>) objects.get(f[1]);
                    c.add(value(f[2], objects));
                    break;
                }
                case "clear":
                    ((java.util.Collection<?>) objects.get(f[1])).clear();
                    break;
                case "box": {
                    // A box of its own (not the cache's), as the heap has it.
                    Class<?> c = Class.forName(f[2]);
                    Class<?> prim = (Class<?>) c.getField("TYPE").get(null);
                    Object o = c.getConstructor(prim).newInstance(value(f[3], objects));
                    objects.put(f[1], o);
                    if (check == null) {
                        kept.add(o);
                    }
                    break;
                }
                case "str": {
                    // A String (StringBuilder) of its own (never the interned literal), as the heap has it.
                    String[] units = f[3].isEmpty() ? new String[0] : f[3].split(",");
                    char[] chars = new char[units.length];
                    for (int i = 0; i < units.length; i++) {
                        chars[i] = (char) Integer.parseInt(units[i]);
                    }
                    Object o = f[2].equals("java.lang.String") ? new String(chars) : new StringBuilder(new String(chars));
                    objects.put(f[1], o);
                    if (check == null) {
                        kept.add(o);
                    }
                    break;
                }
                case "arr": {
                    Object o = java.lang.reflect.Array.newInstance(component(f[2]), Integer.parseInt(f[3]));
                    objects.put(f[1], o);
                    if (check == null) {
                        kept.add(o);
                    }
                    break;
                }
                case "elem":
                    java.lang.reflect.Array.set(objects.get(f[1]), Integer.parseInt(f[2]), value(f[3], objects));
                    break;
                case "set":
                    call(null, "set", new Class<?>[] {Object.class, String.class, String.class, Object.class},
                            objects.get(f[1]), f[2], f[3], value(f[4], objects));
                    break;
                case "static":
                    call(null, "setStatic", new Class<?>[] {String.class, String.class, Object.class},
                            f[1], f[2], value(f[3], objects));
                    break;
                case "this":
                    self = value(f[1], objects);
                    break;
                case "arg":
                    callArgs.add(value(f[1], objects));
                    break;
                case "check":
                    check = call(null, "check", new Class<?>[] {Object.class, Object[].class, Object[].class},
                            self, kept.toArray(), callArgs.toArray());
                    break;
                case "result":
                    result = value(f[1], objects);
                    break;
                case "end": {
                    out.append(name).append(' ');
                    try {
                        call(check, "returned", new Class<?>[] {Object.class}, result);
                        out.append((String) call(check, "verdicts", new Class<?>[] {}));
                    } catch (Exception e) {
                        out.append("E ").append(e);
                    }
                    out.append('\n');
                    break;
                }
                default:
                    if (!line.isEmpty()) {
                        throw new IllegalArgumentException("bad line: " + line);
                    }
            }
        }
        System.out.print(out);
    }
}
