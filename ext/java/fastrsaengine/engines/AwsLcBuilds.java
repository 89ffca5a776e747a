package fastrsaengine.engines;

import java.util.Locale;

/**
 * Which of ACCP's native builds a platform gets: the Maven classifier of the jar
 * ({@code AmazonCorrettoCryptoProvider-VERSION-CLASSIFIER.jar}) that {@link AwsLcEngine} loads.
 * ACCP ships Linux and macOS, each on x86-64 and ARM64, and the gem carries all four
 * (downloads.lock); anywhere else AWS-LC cannot run. A pure function of the JVM's
 * {@code os.name} and {@code os.arch}, so that every pair is testable on any machine.
 */
public final class AwsLcBuilds {
    private AwsLcBuilds() {
    }

    /**
     * The classifier for a platform, e.g. {@code linux-x86_64} or {@code osx-aarch_64}.
     *
     * @param osName the JVM's {@code os.name}: "Linux", "Mac OS X", "Windows 11"...
     * @param osArch the JVM's {@code os.arch}: "amd64" (Linux), "x86_64" (macOS), "aarch64"...
     * @throws BackendUnavailableException when ACCP has no build for that system or CPU
     */
    public static String classifier(String osName, String osArch) {
        String os = osName.toLowerCase(Locale.ROOT);
        String arch = osArch.toLowerCase(Locale.ROOT);
        String system = system(os);
        String cpu = cpu(arch);
        if (system == null || cpu == null) throw new BackendUnavailableException("AWS-LC has no build for " + os + "/" + arch);
        return system + "-" + cpu;
    }

    /** ACCP's name for the operating system; Java reports macOS as "Mac OS X". */
    private static String system(String os) {
        if (os.startsWith("linux")) return "linux";
        if (os.startsWith("mac")) return "osx";
        return null;
    }

    /** ACCP's name for the CPU; Java reports x86-64 as "amd64" on Linux and "x86_64" on macOS. */
    private static String cpu(String arch) {
        if (arch.equals("amd64") || arch.equals("x86_64")) return "x86_64";
        if (arch.equals("aarch64")) return "aarch_64";
        return null;
    }
}
