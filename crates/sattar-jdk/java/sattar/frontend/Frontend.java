package sattar.frontend;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;

/**
 * sattar's Java front end: javac attributes the sources and this program writes the attributed
 * trees as JSON, one request and one response per line on standard input and output. It also
 * compiles sources to class files, so the JVM bridge needs no javac process per compile.
 *
 * <p>Request: {"id": n, "op": "attribute" | "compile", "files": [{"path", "text", "support"}],
 * "classpath": [..], "out": dir}. Response: {"id": n, "ok": bool, "diags": [...], "nodes": [...],
 * "units": [...]} or {"id": n, "fatal": message}.
 */
public final class Frontend {
    private Frontend() {}

    /** One source file of a request, held in memory (a mutated subject never touches the disk). */
    static final class Source extends SimpleJavaFileObject {
        final int index;
        final String text;
        final boolean support;

        Source(int index, String path, String text, boolean support) {
            super(uri(path), JavaFileObject.Kind.SOURCE);
            this.index = index;
            this.text = text;
            this.support = support;
        }

        private static URI uri(String path) {
            String p = path.replace(File.separatorChar, '/');
            StringBuilder b = new StringBuilder("sattar:///");
            for (String part : p.split("/")) {
                if (part.isEmpty()) {
                    continue;
                }
                if (b.charAt(b.length() - 1) != '/') {
                    b.append('/');
                }
                b.append(URI.create("x:" + encode(part)).getRawSchemeSpecificPart());
            }
            return URI.create(b.toString());
        }

        private static String encode(String part) {
            StringBuilder b = new StringBuilder();
            for (byte x : part.getBytes(StandardCharsets.UTF_8)) {
                int c = x & 0xff;
                if (Character.isLetterOrDigit(c) && c < 128 || "-._~".indexOf(c) >= 0) {
                    b.append((char) c);
                } else {
                    b.append(String.format("%%%02X", c));
                }
            }
            return b.toString();
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return text;
        }
    }

    public static void main(String[] args) throws Exception {
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        PrintStream out = new PrintStream(System.out, false, StandardCharsets.UTF_8);
        // The code under analysis never runs here, but javac may print: keep stdout for responses.
        System.setOut(new PrintStream(System.err, true, StandardCharsets.UTF_8));
        String line;
        while ((line = in.readLine()) != null) {
            if (line.isBlank()) {
                continue;
            }
            String response = handleOnBigStack(line);
            out.print(response);
            out.print('\n');
            out.flush();
        }
    }

    /** javac and the dump recurse over the tree: run them on a thread whose stack fits deep nesting. */
    private static String handleOnBigStack(String line) throws InterruptedException {
        String[] result = new String[1];
        Thread t = new Thread(null, () -> result[0] = handle(line), "sattar-frontend", 1L << 30);
        t.start();
        t.join();
        return result[0];
    }

    @SuppressWarnings("unchecked")
    private static String handle(String line) {
        long id = -1;
        try {
            Map<String, Object> req = (Map<String, Object>) Json.parse(line);
            id = ((Number) req.get("id")).longValue();
            String op = (String) req.get("op");
            List<Source> sources = new ArrayList<>();
            for (Object o : (List<Object>) req.get("files")) {
                Map<String, Object> f = (Map<String, Object>) o;
                sources.add(new Source(sources.size(), (String) f.get("path"), (String) f.get("text"),
                        Boolean.TRUE.equals(f.get("support"))));
            }
            List<String> classpath = new ArrayList<>();
            if (req.get("classpath") != null) {
                for (Object o : (List<Object>) req.get("classpath")) {
                    classpath.add((String) o);
                }
            }
            if ("compile".equals(op)) {
                return compile(id, sources, classpath, (String) req.get("out"));
            }
            return attribute(id, sources, classpath);
        } catch (StackOverflowError e) {
            return fatal(id, "the source nests too deeply for javac (stack overflow)");
        } catch (Throwable e) {
            return fatal(id, e.toString());
        }
    }

    private static String fatal(long id, String message) {
        StringBuilder b = new StringBuilder("{\"id\":").append(id).append(",\"fatal\":");
        Json.quote(b, message);
        return b.append('}').toString();
    }

    private static List<String> options(List<String> classpath) {
        List<String> opts = new ArrayList<>(List.of("-proc:none", "-Xmaxerrs", "100", "-nowarn",
                "-XDsuppressNotes", "-implicit:none"));
        opts.add("-classpath");
        opts.add(String.join(File.pathSeparator, classpath));
        return opts;
    }

    private static String attribute(long id, List<Source> sources, List<String> classpath)
            throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        StandardJavaFileManager fm = javac.getStandardFileManager(diags, Locale.ROOT, StandardCharsets.UTF_8);
        JavacTask task = (JavacTask) javac.getTask(null, fm, diags, options(classpath), null, sources);
        Iterable<? extends CompilationUnitTree> units = task.parse();
        task.analyze();
        StringBuilder b = new StringBuilder("{\"id\":").append(id);
        boolean ok = writeDiagnostics(b, diags, sources);
        b.append(",\"ok\":").append(ok);
        if (ok) {
            Dumper d = new Dumper(task, sources);
            List<Integer> roots = new ArrayList<>();
            Map<URI, Source> byUri = new java.util.HashMap<>();
            sources.forEach(s -> byUri.put(s.toUri(), s));
            for (CompilationUnitTree cu : units) {
                Source s = byUri.get(cu.getSourceFile().toUri());
                if (s != null && !s.support) {
                    roots.add(d.unit(cu, s.index));
                }
            }
            b.append(",\"units\":").append(roots.toString().replace(" ", ""));
            b.append(",\"nodes\":[");
            d.write(b);
            b.append(']');
        }
        fm.close();
        return b.append('}').toString();
    }

    private static String compile(long id, List<Source> sources, List<String> classpath, String out)
            throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        StandardJavaFileManager fm = javac.getStandardFileManager(diags, Locale.ROOT, StandardCharsets.UTF_8);
        File dir = new File(out);
        if (!dir.isDirectory() && !dir.mkdirs()) {
            return fatal(id, "cannot create " + out);
        }
        fm.setLocation(StandardLocation.CLASS_OUTPUT, List.of(dir));
        List<String> opts = options(classpath);
        opts.add("-g");
        // javac 18 and later drop an inner class's enclosing-instance field (this$0) when the
        // class does not use it; sattar's heaps have it. Release 17's inner classes keep it.
        if (Runtime.version().feature() > 17) {
            opts.add("--release");
            opts.add("17");
        }
        JavacTask task = (JavacTask) javac.getTask(null, fm, diags, opts, null, sources);
        boolean success = task.call();
        StringBuilder b = new StringBuilder("{\"id\":").append(id);
        boolean ok = writeDiagnostics(b, diags, sources) && success;
        fm.close();
        return b.append(",\"ok\":").append(ok).append('}').toString();
    }

    /** Writes "diags": [...]; returns whether there was no error. */
    private static boolean writeDiagnostics(StringBuilder b, DiagnosticCollector<JavaFileObject> diags,
            List<Source> sources) {
        Map<URI, Integer> index = new java.util.HashMap<>();
        for (Source s : sources) {
            index.put(s.toUri(), s.index);
        }
        boolean ok = true;
        b.append(",\"diags\":[");
        boolean first = true;
        for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            if (d.getKind() == Diagnostic.Kind.ERROR) {
                ok = false;
            } else if (d.getKind() != Diagnostic.Kind.WARNING
                    && d.getKind() != Diagnostic.Kind.MANDATORY_WARNING) {
                continue;
            }
            if (!first) {
                b.append(',');
            }
            first = false;
            Integer file = d.getSource() == null ? null : index.get(d.getSource().toUri());
            b.append("{\"kind\":\"").append(d.getKind()).append("\",\"code\":");
            Json.quote(b, String.valueOf(d.getCode()));
            b.append(",\"msg\":");
            Json.quote(b, d.getMessage(Locale.ROOT));
            b.append(",\"file\":").append(file == null ? "null" : file.toString());
            b.append(",\"s\":").append(d.getStartPosition());
            b.append(",\"e\":").append(d.getEndPosition());
            b.append(",\"p\":").append(d.getPosition()).append('}');
        }
        b.append(']');
        return ok;
    }
}
