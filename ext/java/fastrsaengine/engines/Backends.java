package fastrsaengine.engines;

import fastrsaengine.engines.rsa.RsaEngine;
import fastrsaengine.engines.rsa.SelfTest;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every backend, in the order {@code auto} tries them: fastest first. Adding a backend is one
 * line in {@link #LOADERS} and one class implementing {@link RsaEngine}.
 *
 * <p>A backend is loaded and self-tested once, on first use; the outcome (an engine, or why not)
 * is kept, so asking again costs nothing and a broken library is never retried mid-request.
 */
public final class Backends {

    /** Loads a backend, or throws saying why it cannot run here. */
    interface Loader {
        RsaEngine load(BackendContext context) throws Exception;
    }

    private static final Map<String, Loader> LOADERS = new LinkedHashMap<>();
    static {
        LOADERS.put(AwsLcEngine.NAME, AwsLcEngine::load);
        LOADERS.put(GmpEngine.NAME, GmpEngine::load);
    }

    /** What loading and self-testing one backend gave: its engine, or why it cannot run. */
    private static final class Outcome {
        final RsaEngine engine;
        final BackendUnavailableException reason;

        Outcome(RsaEngine engine, BackendUnavailableException reason) {
            this.engine = engine;
            this.reason = reason;
        }

        RsaEngine engineOrThrow() {
            if (engine == null) throw reason;
            return engine;
        }

        String describe() {
            return engine != null ? "available" : reason.getMessage();
        }
    }

    private final BackendContext context;
    private final Map<String, Outcome> outcomes = new ConcurrentHashMap<>();

    public Backends(BackendContext context) {
        this.context = context;
    }

    /** The native backends' names, fastest first. */
    public static List<String> names() {
        return Collections.unmodifiableList(new ArrayList<>(LOADERS.keySet()));
    }

    /** The engine for a name, loading and self-testing it the first time. */
    public RsaEngine engine(String name) {
        return outcome(name).engineOrThrow();
    }

    /**
     * The fastest backend that runs here: {@code auto}. Tries them in order and stops at the
     * first that runs, so a slower one's library is never loaded when a faster one works.
     *
     * @throws BackendUnavailableException giving every backend's reason, when none runs
     */
    public RsaEngine fastest() {
        List<String> reasons = new ArrayList<>();
        for (String name : LOADERS.keySet()) {
            Outcome outcome = outcome(name);
            if (outcome.engine != null) return outcome.engine;
            reasons.add(outcome.reason.getMessage());
        }
        throw new BackendUnavailableException("no native RSA backend can run here (" + String.join("; ", reasons) + ")");
    }

    /** The backends tried so far, fastest first: "available", or why not. Loads nothing. */
    public Map<String, String> tried() {
        Map<String, String> tried = new LinkedHashMap<>();
        for (String name : LOADERS.keySet()) {
            Outcome outcome = outcomes.get(name);
            if (outcome != null) tried.put(name, outcome.describe());
        }
        return tried;
    }

    /** The names of the backends that load and pass their self-test here, fastest first. */
    public List<String> available() {
        List<String> names = new ArrayList<>();
        for (String name : LOADERS.keySet()) {
            if (outcome(name).engine != null) names.add(name);
        }
        return names;
    }

    private Outcome outcome(String name) {
        return outcomes.computeIfAbsent(name, this::loadAndTest);
    }

    private Outcome loadAndTest(String name) {
        Loader loader = LOADERS.get(name);
        if (loader == null) return unavailable(new BackendUnavailableException("unknown backend " + name));
        try {
            RsaEngine engine = loader.load(context);
            SelfTest.run(engine);
            return new Outcome(engine, null);
        } catch (BackendUnavailableException e) {
            return unavailable(new BackendUnavailableException(name + " backend cannot run here: " + e.getMessage(), e));
        } catch (Exception | LinkageError e) {
            return unavailable(new BackendUnavailableException(name + " backend could not load: " + e, e));
        }
    }

    private static Outcome unavailable(BackendUnavailableException reason) {
        return new Outcome(null, reason);
    }
}
