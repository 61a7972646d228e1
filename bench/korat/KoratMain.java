// Starts Korat 1.0 (2007, javassist 3.4) on a current JDK; bench/korat_bench.py runs it with the
// JVM flags it needs. Korat's own code is not changed; two things are set up before its main():
//  - javassist 3.4 looks classes up through java.lang.Object's loader, which on JDK 9+ does not
//    see the class path: add the application class loader to its pool;
//  - Korat's instrumenting loader would also take jdk.internal.* classes (JDK 9+ reflection
//    accessors) and fail: leave the jdk.* packages to the parent loader.
// javassist 3.4 does not update StackMapTable frames, so the JVM must run with
// -XX:+UnlockDiagnosticVMOptions -XX:-BytecodeVerificationRemote (no verification of the
// instrumented classes).
import javassist.ClassPool;
import javassist.LoaderClassPath;
import korat.loading.filter.FilterManager;
import korat.loading.filter.IComparingFilter;

public class KoratMain {
    public static void main(String[] args) {
        ClassPool.getDefault().appendClassPath(new LoaderClassPath(ClassLoader.getSystemClassLoader()));
        FilterManager.addFilter(new IComparingFilter() {
            public boolean allowProcessing(String className) {
                return !className.startsWith("jdk.");
            }
        });
        korat.Korat.main(args);
    }
}
