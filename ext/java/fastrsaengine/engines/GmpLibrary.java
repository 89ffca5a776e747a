package fastrsaengine.engines;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.math.BigInteger;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;

/**
 * jnagmp, loaded in a class loader of its own so that it can be pointed at the system's libgmp.
 *
 * <p>jnagmp always tries the libgmp it bundles (6.1.1) before the system's, and the system's
 * (Debian's 6.2.1 here) is measurably faster. The first attempt hides the bundled copy, so
 * jnagmp falls through to the system search; only if that fails is a second loader, which
 * sees the bundled copy, tried. JNA sits in a parent loader shared by both attempts, since
 * its native part can be loaded once per JVM.
 */
final class GmpLibrary {

    private static final String[] BUNDLED_PREFIXES = {"linux-x86-64/", "linux-aarch64/", "darwin/", "sunos-x86-64/"};
    private static final MethodType MOD_POW = MethodType.methodType(BigInteger.class, BigInteger.class, BigInteger.class, BigInteger.class);

    private final MethodHandle modPowSecure;
    private final MethodHandle modPowInsecure;
    private final MethodHandle toNative;
    private final String version;
    private final String origin;

    private GmpLibrary(ClassLoader loader, String origin) throws ReflectiveOperationException {
        Class<?> gmp = Class.forName("com.squareup.jnagmp.Gmp", true, loader);
        Class<?> gmpInteger = Class.forName("com.squareup.jnagmp.GmpInteger", true, loader);
        Class<?> libGmp = Class.forName("com.squareup.jnagmp.LibGmp", true, loader);
        MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        gmp.getMethod("checkLoaded").invoke(null);
        this.modPowSecure = lookup.findStatic(gmp, "modPowSecure", MOD_POW);
        this.modPowInsecure = lookup.findStatic(gmp, "modPowInsecure", MOD_POW);
        this.toNative = lookup.findConstructor(gmpInteger, MethodType.methodType(void.class, BigInteger.class))
            .asType(MethodType.methodType(BigInteger.class, BigInteger.class));
        this.version = (String) libGmp.getField("__gmp_version").get(null);
        this.origin = origin;
    }

    static GmpLibrary load(Path jnagmpJar, Path jnaJar, ClassLoader parent) throws Exception {
        URL[] jnagmp = {jnagmpJar.toUri().toURL()};
        ClassLoader jna = new URLClassLoader(new URL[]{jnaJar.toUri().toURL()}, parent);
        try {
            return new GmpLibrary(new HidingBundledLibgmp(jnagmp, jna), "system");
        } catch (ReflectiveOperationException | LinkageError noSystemLibgmp) {
            return new GmpLibrary(new URLClassLoader(jnagmp, jna), "bundled with jnagmp");
        }
    }

    /** libgmp's mpz_powm_sec: time and cache access independent of the exponent's value. */
    BigInteger modPowSecure(BigInteger base, BigInteger exponent, BigInteger modulus) {
        return call(() -> (BigInteger) modPowSecure.invokeExact(base, exponent, modulus));
    }

    /** libgmp's mpz_powm, for public exponents only. */
    BigInteger modPowPublic(BigInteger base, BigInteger exponent, BigInteger modulus) {
        return call(() -> (BigInteger) modPowInsecure.invokeExact(base, exponent, modulus));
    }

    /** A BigInteger that also keeps a native mpz copy, so a key's numbers are converted once. */
    BigInteger toNative(BigInteger value) {
        return call(() -> (BigInteger) toNative.invokeExact(value));
    }

    /** A jnagmp call through its method handle; the handles throw only what jnagmp throws. */
    private interface HandleCall {
        BigInteger run() throws Throwable;
    }

    private static BigInteger call(HandleCall call) {
        try {
            return call.run();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable checkedCannotHappen) {
            throw new IllegalStateException(checkedCannotHappen);
        }
    }

    String version() {
        return version;
    }

    /** "system" or "bundled with jnagmp". */
    String origin() {
        return origin;
    }

    private static final class HidingBundledLibgmp extends URLClassLoader {
        HidingBundledLibgmp(URL[] urls, ClassLoader parent) {
            super(urls, parent);
        }

        @Override
        public URL findResource(String name) {
            for (String prefix : BUNDLED_PREFIXES) {
                if (name.startsWith(prefix) || name.startsWith("/" + prefix)) return null;
            }
            return super.findResource(name);
        }
    }
}
