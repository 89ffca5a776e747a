package fastrsaengine.engines;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** What a backend needs to load: the gem's folder of runtime jars and the class loader to build on. */
public final class BackendContext {
    private final Path jarDirectory;
    private final ClassLoader parentLoader;

    public BackendContext(Path jarDirectory, ClassLoader parentLoader) {
        this.jarDirectory = jarDirectory;
        this.parentLoader = parentLoader;
    }

    ClassLoader parentLoader() {
        return parentLoader;
    }

    /** The jar of a Maven artifact, as the gem ships it: {@code artifact-version.jar}. */
    Path jar(String artifact) throws IOException {
        return jar(artifact, "");
    }

    /** The jar of a Maven artifact with a classifier: {@code artifact-version-classifier.jar}. */
    Path jar(String artifact, String classifier) throws IOException {
        String suffix = (classifier.isEmpty() ? "" : "-" + classifier) + ".jar";
        String wanted = artifact + (classifier.isEmpty() ? "" : " " + classifier) + " jar";
        if (!Files.isDirectory(jarDirectory)) throw new BackendUnavailableException("no " + wanted + ": " + jarDirectory + " is missing");
        try (DirectoryStream<Path> jars = Files.newDirectoryStream(jarDirectory, artifact + "-[0-9]*" + suffix)) {
            for (Path jar : jars) {
                if (classifier.isEmpty() && !jar.getFileName().toString().matches(".*-[0-9][0-9.]*\\.jar")) continue;
                return jar;
            }
        }
        throw new BackendUnavailableException("no " + wanted + " in " + jarDirectory);
    }
}
