package sattar.frontend;

import com.sun.source.tree.*;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Writes javac's attributed trees as a flat table of nodes (children by index), so that deep
 * nesting costs no depth in the JSON. Every node has its kind ("k", javac's Tree.Kind), start and
 * end ("s", "e") and preferred position ("p") as UTF-16 offsets into its file; an expression also
 * has its erased type ("t") and, if it is a compile-time constant, its value ("cv"). The fields of
 * each kind are written by the visitor below; a kind without a visitor lists its children as "c".
 */
final class Dumper extends TreePathScanner<Integer, Void> {
    private final Trees trees;
    private final Types types;
    private final Elements elements;
    private final SourcePositions positions;
    private final List<Frontend.Source> sources;
    private final List<StringBuilder> nodes = new ArrayList<>();
    /** Declarations already written: locals and parameters are referred to by their node. */
    private final IdentityHashMap<Element, Integer> declared = new IdentityHashMap<>();
    /** Children of the node being written (for kinds without a visitor). */
    private final Deque<List<Integer>> kids = new ArrayDeque<>();
    private CompilationUnitTree unit;

    Dumper(JavacTask task, List<Frontend.Source> sources) {
        this.trees = Trees.instance(task);
        this.types = task.getTypes();
        this.elements = task.getElements();
        this.positions = trees.getSourcePositions();
        this.sources = sources;
    }

    /** Writes one compilation unit; returns its node. */
    int unit(CompilationUnitTree cu, int file) {
        unit = cu;
        int id = open(cu, "COMPILATION_UNIT");
        StringBuilder n = nodes.get(id);
        n.append(",\"file\":").append(file);
        n.append(",\"pkg\":");
        Json.quote(n, cu.getPackageName() == null ? "" : cu.getPackageName().toString());
        int saved = current;
        current = id;
        super.scan(new TreePath(cu), null);
        current = saved;
        n.append('}');
        return id;
    }

    @Override
    public Integer visitCompilationUnit(CompilationUnitTree t, Void p) {
        children("types", t.getTypeDecls());
        return current;
    }

    /** The nodes, comma-separated. */
    void write(StringBuilder b) {
        for (int i = 0; i < nodes.size(); i++) {
            if (i > 0) {
                b.append(',');
            }
            b.append(nodes.get(i));
        }
    }

    // ------------------------------------------------------------------ writing helpers

    private int open(Tree t, String kind) {
        StringBuilder n = new StringBuilder("{\"k\":\"").append(kind).append('"');
        n.append(",\"s\":").append(positions.getStartPosition(unit, t));
        n.append(",\"e\":").append(positions.getEndPosition(unit, t));
        if (t instanceof com.sun.tools.javac.tree.JCTree) {
            n.append(",\"p\":").append(((com.sun.tools.javac.tree.JCTree) t).pos);
        }
        nodes.add(n);
        return nodes.size() - 1;
    }

    private StringBuilder cur() {
        return nodes.get(current);
    }

    private int current = -1;

    @Override
    public Integer scan(Tree t, Void p) {
        if (t == null) {
            return null;
        }
        int id = open(t, t.getKind().name());
        if (!kids.isEmpty()) {
            kids.peek().add(id);
        }
        int saved = current;
        current = id;
        if (t instanceof ExpressionTree) {
            expressionType(new TreePath(getCurrentPath(), t));
        }
        List<Integer> mine = new ArrayList<>();
        kids.push(mine);
        Integer r = super.scan(t, p);
        kids.pop();
        if (r == null || r != id) {
            list(nodes.get(id), "c", mine);
        }
        nodes.get(id).append('}');
        current = saved;
        return id;
    }

    private void expressionType(TreePath path) {
        TypeMirror tm;
        try {
            tm = trees.getTypeMirror(path);
        } catch (RuntimeException ex) {
            return;
        }
        if (tm == null || tm.getKind() == TypeKind.PACKAGE || tm.getKind() == TypeKind.EXECUTABLE
                || tm.getKind() == TypeKind.NONE) {
            return;
        }
        StringBuilder n = cur();
        n.append(",\"t\":");
        Json.quote(n, erased(tm));
        Object cv = tm instanceof com.sun.tools.javac.code.Type
                ? ((com.sun.tools.javac.code.Type) tm).constValue() : null;
        if (cv != null) {
            n.append(",\"cv\":");
            constant(n, cv, tm);
        }
    }

    private void constant(StringBuilder n, Object cv, TypeMirror tm) {
        switch (tm.getKind()) {
            case BOOLEAN:
                // A boolean constant's value is an Integer in javac's type, a Boolean in a use.
                n.append(cv instanceof Boolean ? (Boolean) cv : ((Number) cv).intValue() != 0);
                break;
            case CHAR:
                n.append(cv instanceof Character ? (int) (Character) cv : ((Number) cv).intValue());
                break;
            case BYTE: case SHORT: case INT:
                n.append(((Number) cv).intValue());
                break;
            case LONG:
                n.append(((Number) cv).longValue());
                break;
            case FLOAT: case DOUBLE:
                Json.quote(n, cv.toString());
                break;
            default:
                Json.quote(n, cv.toString());
        }
    }

    /** The erased type as sattar names it: `int`, `java.util.List`, `p.Outer$Inner`, `int[]`, `null`. */
    String erased(TypeMirror tm) {
        if (tm == null) {
            return "?";
        }
        if (tm.getKind() == TypeKind.TYPEVAR) {
            return erased(((TypeVariable) tm).getUpperBound());
        }
        TypeMirror e = types.erasure(tm);
        switch (e.getKind()) {
            case BOOLEAN: case BYTE: case SHORT: case CHAR: case INT: case LONG: case FLOAT: case DOUBLE:
                return e.getKind().name().toLowerCase(java.util.Locale.ROOT);
            case VOID:
                return "void";
            case NULL:
                return "null";
            case ARRAY:
                return erased(((ArrayType) e).getComponentType()) + "[]";
            case DECLARED:
                return binary(((DeclaredType) e).asElement());
            case TYPEVAR:
                return erased(((TypeVariable) e).getUpperBound());
            case INTERSECTION:
                return erased(((javax.lang.model.type.IntersectionType) e).getBounds().get(0));
            default:
                return "?" + e.getKind();
        }
    }

    private String binary(Element el) {
        return el instanceof TypeElement ? elements.getBinaryName((TypeElement) el).toString() : el.toString();
    }

    private static void list(StringBuilder n, String key, List<Integer> ids) {
        n.append(",\"").append(key).append("\":[");
        for (int i = 0; i < ids.size(); i++) {
            if (i > 0) {
                n.append(',');
            }
            n.append(ids.get(i) == null ? "null" : ids.get(i).toString());
        }
        n.append(']');
    }

    private void child(String key, Tree t) {
        Integer id = scan(t, null);
        cur().append(",\"").append(key).append("\":").append(id == null ? "null" : id.toString());
    }

    private void children(String key, List<? extends Tree> ts) {
        List<Integer> ids = new ArrayList<>();
        if (ts != null) {
            for (Tree t : ts) {
                ids.add(scan(t, null));
            }
        }
        list(cur(), key, ids);
    }

    private void str(String key, Object value) {
        StringBuilder n = cur();
        n.append(",\"").append(key).append("\":");
        if (value == null) {
            n.append("null");
        } else {
            Json.quote(n, value.toString());
        }
    }

    private void bool(String key, boolean value) {
        cur().append(",\"").append(key).append("\":").append(value);
    }

    private void modifiers(Element el, ModifiersTree mods) {
        StringBuilder n = cur();
        n.append(",\"mods\":[");
        boolean first = true;
        // The modifiers written in the source (an element's would add implicit ones).
        Set<Modifier> set = mods != null ? mods.getFlags() : el.getModifiers();
        for (Modifier m : set) {
            if (!first) {
                n.append(',');
            }
            first = false;
            Json.quote(n, m.toString());
        }
        n.append(']');
        if (mods != null) {
            children("ann", mods.getAnnotations());
        }
    }

    private void typeList(String key, List<? extends TypeMirror> ts) {
        StringBuilder n = cur();
        n.append(",\"").append(key).append("\":[");
        for (int i = 0; i < ts.size(); i++) {
            if (i > 0) {
                n.append(',');
            }
            Json.quote(n, erased(ts.get(i)));
        }
        n.append(']');
    }

    /** What a name refers to: a local (its declaration node), a field, a method, a type. */
    private void symbol(Element el) {
        if (el == null) {
            return;
        }
        StringBuilder n = cur();
        n.append(",\"sym\":{\"kind\":\"").append(el.getKind()).append('"');
        n.append(",\"name\":");
        Json.quote(n, el.getSimpleName().toString());
        Integer decl = declared.get(el);
        if (decl != null) {
            n.append(",\"decl\":").append(decl);
        }
        switch (el.getKind()) {
            case FIELD: case ENUM_CONSTANT: {
                n.append(",\"owner\":");
                Json.quote(n, binary(el.getEnclosingElement()));
                n.append(",\"static\":").append(el.getModifiers().contains(Modifier.STATIC));
                n.append(",\"final\":").append(el.getModifiers().contains(Modifier.FINAL));
                n.append(",\"vt\":");
                Json.quote(n, erased(el.asType()));
                Object cv = ((VariableElement) el).getConstantValue();
                if (cv != null) {
                    n.append(",\"cv\":");
                    constant(n, cv instanceof Character ? (int) (Character) cv : cv, el.asType());
                }
                break;
            }
            case LOCAL_VARIABLE: case PARAMETER: case EXCEPTION_PARAMETER: case RESOURCE_VARIABLE:
            case BINDING_VARIABLE:
                n.append(",\"vt\":");
                Json.quote(n, erased(el.asType()));
                break;
            case METHOD: case CONSTRUCTOR:
                n.append(",\"m\":");
                method(n, (ExecutableElement) el);
                break;
            case CLASS: case INTERFACE: case ENUM: case RECORD: case ANNOTATION_TYPE:
                n.append(",\"bin\":");
                Json.quote(n, binary(el));
                break;
            default:
                break;
        }
        n.append('}');
    }

    /** A method as the bytecode names it: owner, name, erased parameter and return types, flags. */
    private void method(StringBuilder n, ExecutableElement m) {
        n.append("{\"owner\":");
        Json.quote(n, binary(m.getEnclosingElement()));
        n.append(",\"name\":");
        Json.quote(n, m.getSimpleName().toString());
        n.append(",\"params\":[");
        for (int i = 0; i < m.getParameters().size(); i++) {
            if (i > 0) {
                n.append(',');
            }
            Json.quote(n, erased(m.getParameters().get(i).asType()));
        }
        n.append("],\"ret\":");
        Json.quote(n, erased(m.getReturnType()));
        Set<Modifier> mods = m.getModifiers();
        n.append(",\"static\":").append(mods.contains(Modifier.STATIC));
        n.append(",\"abstract\":").append(mods.contains(Modifier.ABSTRACT));
        n.append(",\"default\":").append(mods.contains(Modifier.DEFAULT));
        n.append(",\"private\":").append(mods.contains(Modifier.PRIVATE));
        n.append(",\"varargs\":").append(m.isVarArgs());
        n.append(",\"iface\":").append(m.getEnclosingElement().getKind().isInterface());
        n.append('}');
    }

    // ------------------------------------------------------------------ declarations

    @Override
    public Integer visitClass(ClassTree t, Void p) {
        TypeElement el = (TypeElement) trees.getElement(getCurrentPath());
        declared.put(el, current);
        str("name", t.getSimpleName());
        if (el != null) {
            str("bin", binary(el));
            str("kind", el.getKind());
            str("nest", el.getNestingKind());
            TypeMirror sup = el.getSuperclass();
            str("ext", sup.getKind() == TypeKind.NONE ? null : erased(sup));
            typeList("impl", el.getInterfaces());
            Element outer = el.getEnclosingElement();
            if (el.getNestingKind() != NestingKind.TOP_LEVEL) {
                while (outer != null && !(outer instanceof TypeElement)) {
                    outer = outer.getEnclosingElement();
                }
                str("outer", outer == null ? null : binary(outer));
            }
            bool("inner", el.getNestingKind() != NestingKind.TOP_LEVEL && el.getKind() == ElementKind.CLASS
                    && !el.getModifiers().contains(Modifier.STATIC)
                    && !(el.getEnclosingElement() != null && el.getEnclosingElement().getKind().isInterface()));
            List<String> tps = new ArrayList<>();
            el.getTypeParameters().forEach(tp -> tps.add(tp.getSimpleName().toString()));
            str("tparams", String.join(",", tps));
        }
        modifiers(el, t.getModifiers());
        children("members", t.getMembers());
        return current;
    }

    @Override
    public Integer visitMethod(MethodTree t, Void p) {
        ExecutableElement el = (ExecutableElement) trees.getElement(getCurrentPath());
        declared.put(el, current);
        str("name", t.getName());
        if (el != null) {
            cur().append(",\"m\":");
            method(cur(), el);
            str("tparams", el.getTypeParameters().isEmpty() ? "" : el.getTypeParameters().toString());
            typeList("throws", el.getThrownTypes());
            overridden(el);
        }
        modifiers(el, t.getModifiers());
        if (t.getReceiverParameter() != null) {
            child("recvparam", t.getReceiverParameter());
        }
        children("params", t.getParameters());
        child("rtype", t.getReturnType());
        child("body", t.getBody());
        child("dflt", t.getDefaultValue());
        return current;
    }

    @Override
    public Integer visitVariable(VariableTree t, Void p) {
        Element el = trees.getElement(getCurrentPath());
        if (el != null) {
            declared.put(el, current);
            str("vk", el.getKind());
            str("vt", erased(el.asType()));
        }
        str("name", t.getName());
        modifiers(el, t.getModifiers());
        child("vtype", t.getType());
        child("init", t.getInitializer());
        return current;
    }

    /** "ovr": every method `m` overrides, in every supertype (javac's own override relation). */
    private void overridden(ExecutableElement m) {
        StringBuilder n = cur();
        n.append(",\"ovr\":[");
        boolean first = true;
        if (!m.getModifiers().contains(Modifier.STATIC) && m.getKind() == ElementKind.METHOD) {
            TypeElement owner = (TypeElement) m.getEnclosingElement();
            java.util.Set<TypeElement> seen = new java.util.HashSet<>();
            java.util.ArrayDeque<TypeMirror> todo = new java.util.ArrayDeque<>(types.directSupertypes(owner.asType()));
            while (!todo.isEmpty()) {
                TypeMirror t = todo.pop();
                if (!(t instanceof DeclaredType)) {
                    continue;
                }
                TypeElement te = (TypeElement) ((DeclaredType) t).asElement();
                if (!seen.add(te)) {
                    continue;
                }
                for (Element e : te.getEnclosedElements()) {
                    if (e instanceof ExecutableElement && e.getSimpleName().equals(m.getSimpleName())
                            && elements.overrides(m, (ExecutableElement) e, owner)) {
                        if (!first) {
                            n.append(',');
                        }
                        first = false;
                        method(n, (ExecutableElement) e);
                    }
                }
                todo.addAll(types.directSupertypes(t));
            }
        }
        n.append(']');
    }

    // ------------------------------------------------------------------ statements

    @Override
    public Integer visitBlock(BlockTree t, Void p) {
        bool("static", t.isStatic());
        children("stmts", t.getStatements());
        return current;
    }

    @Override
    public Integer visitExpressionStatement(ExpressionStatementTree t, Void p) {
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitIf(IfTree t, Void p) {
        child("cond", t.getCondition());
        child("then", t.getThenStatement());
        child("else", t.getElseStatement());
        return current;
    }

    @Override
    public Integer visitWhileLoop(WhileLoopTree t, Void p) {
        child("cond", t.getCondition());
        child("body", t.getStatement());
        return current;
    }

    @Override
    public Integer visitDoWhileLoop(DoWhileLoopTree t, Void p) {
        child("body", t.getStatement());
        child("cond", t.getCondition());
        return current;
    }

    @Override
    public Integer visitForLoop(ForLoopTree t, Void p) {
        children("inits", t.getInitializer());
        child("cond", t.getCondition());
        children("update", t.getUpdate());
        child("body", t.getStatement());
        return current;
    }

    @Override
    public Integer visitEnhancedForLoop(EnhancedForLoopTree t, Void p) {
        child("var", t.getVariable());
        child("expr", t.getExpression());
        child("body", t.getStatement());
        return current;
    }

    @Override
    public Integer visitLabeledStatement(LabeledStatementTree t, Void p) {
        str("label", t.getLabel());
        child("body", t.getStatement());
        return current;
    }

    @Override
    public Integer visitBreak(BreakTree t, Void p) {
        str("label", t.getLabel());
        return current;
    }

    @Override
    public Integer visitContinue(ContinueTree t, Void p) {
        str("label", t.getLabel());
        return current;
    }

    @Override
    public Integer visitReturn(ReturnTree t, Void p) {
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitThrow(ThrowTree t, Void p) {
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitEmptyStatement(EmptyStatementTree t, Void p) {
        return current;
    }

    @Override
    public Integer visitAssert(AssertTree t, Void p) {
        child("cond", t.getCondition());
        child("detail", t.getDetail());
        return current;
    }

    @Override
    public Integer visitTry(TryTree t, Void p) {
        children("resources", t.getResources());
        child("block", t.getBlock());
        children("catches", t.getCatches());
        child("finally", t.getFinallyBlock());
        return current;
    }

    @Override
    public Integer visitSwitch(SwitchTree t, Void p) {
        child("expr", t.getExpression());
        children("cases", t.getCases());
        return current;
    }

    @Override
    public Integer visitSwitchExpression(SwitchExpressionTree t, Void p) {
        child("expr", t.getExpression());
        children("cases", t.getCases());
        return current;
    }

    @Override
    public Integer visitCase(CaseTree t, Void p) {
        // The labels (none for `default`), STATEMENT (`case 1:`) or RULE (`case 1 ->`), the
        // statements of a STATEMENT case, the body of a RULE.
        children("args", t.getExpressions());
        str("kind", t.getCaseKind());
        if (t.getCaseKind() == CaseTree.CaseKind.STATEMENT) {
            children("stmts", t.getStatements());
        } else {
            child("body", t.getBody());
        }
        return current;
    }

    @Override
    public Integer visitYield(YieldTree t, Void p) {
        child("expr", t.getValue());
        return current;
    }

    @Override
    public Integer visitCatch(CatchTree t, Void p) {
        child("param", t.getParameter());
        child("block", t.getBlock());
        return current;
    }

    // ------------------------------------------------------------------ expressions

    @Override
    public Integer visitParenthesized(ParenthesizedTree t, Void p) {
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitLiteral(LiteralTree t, Void p) {
        return current;
    }

    @Override
    public Integer visitIdentifier(IdentifierTree t, Void p) {
        str("name", t.getName());
        symbol(trees.getElement(getCurrentPath()));
        return current;
    }

    @Override
    public Integer visitMemberSelect(MemberSelectTree t, Void p) {
        str("name", t.getIdentifier());
        symbol(trees.getElement(getCurrentPath()));
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitMethodInvocation(MethodInvocationTree t, Void p) {
        TreePath sel = new TreePath(getCurrentPath(), t.getMethodSelect());
        Element el = trees.getElement(sel);
        if (el instanceof ExecutableElement) {
            cur().append(",\"m\":");
            method(cur(), (ExecutableElement) el);
        }
        TypeMirror inst = trees.getTypeMirror(sel);
        if (inst instanceof ExecutableType) {
            typeList("iparams", ((ExecutableType) inst).getParameterTypes());
            str("iret", erased(((ExecutableType) inst).getReturnType()));
        }
        child("sel", t.getMethodSelect());
        children("args", t.getArguments());
        return current;
    }

    @Override
    public Integer visitNewClass(NewClassTree t, Void p) {
        Element el = trees.getElement(getCurrentPath());
        if (el instanceof ExecutableElement) {
            cur().append(",\"m\":");
            method(cur(), (ExecutableElement) el);
        }
        child("encl", t.getEnclosingExpression());
        child("ident", t.getIdentifier());
        children("args", t.getArguments());
        child("body", t.getClassBody());
        return current;
    }

    @Override
    public Integer visitNewArray(NewArrayTree t, Void p) {
        child("elemtype", t.getType());
        children("dims", t.getDimensions());
        if (t.getInitializers() != null) {
            children("elems", t.getInitializers());
        }
        return current;
    }

    @Override
    public Integer visitAssignment(AssignmentTree t, Void p) {
        child("var", t.getVariable());
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitCompoundAssignment(CompoundAssignmentTree t, Void p) {
        child("var", t.getVariable());
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitUnary(UnaryTree t, Void p) {
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitBinary(BinaryTree t, Void p) {
        child("l", t.getLeftOperand());
        child("r", t.getRightOperand());
        return current;
    }

    @Override
    public Integer visitConditionalExpression(ConditionalExpressionTree t, Void p) {
        child("cond", t.getCondition());
        child("then", t.getTrueExpression());
        child("else", t.getFalseExpression());
        return current;
    }

    @Override
    public Integer visitInstanceOf(InstanceOfTree t, Void p) {
        child("expr", t.getExpression());
        Tree pat = t.getPattern();
        if (pat instanceof BindingPatternTree) {
            child("bind", ((BindingPatternTree) pat).getVariable());
            str("tt", erased(trees.getTypeMirror(new TreePath(new TreePath(getCurrentPath(), pat),
                    ((BindingPatternTree) pat).getVariable()))));
        } else {
            child("ttree", t.getType());
            str("tt", erased(trees.getTypeMirror(new TreePath(getCurrentPath(), t.getType()))));
        }
        return current;
    }

    @Override
    public Integer visitTypeCast(TypeCastTree t, Void p) {
        str("tt", erased(trees.getTypeMirror(new TreePath(getCurrentPath(), t.getType()))));
        child("ttree", t.getType());
        child("expr", t.getExpression());
        return current;
    }

    @Override
    public Integer visitArrayAccess(ArrayAccessTree t, Void p) {
        child("arr", t.getExpression());
        child("idx", t.getIndex());
        return current;
    }

    @Override
    public Integer visitAnnotation(AnnotationTree t, Void p) {
        str("name", erased(trees.getTypeMirror(new TreePath(getCurrentPath(), t.getAnnotationType()))));
        children("args", t.getArguments());
        return current;
    }

    @Override
    public Integer visitPrimitiveType(PrimitiveTypeTree t, Void p) {
        return current;
    }
}
