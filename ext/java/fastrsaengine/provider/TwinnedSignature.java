package fastrsaengine.provider;

import java.security.AlgorithmParameters;
import java.security.Signature;
import java.security.SignatureSpi;

/**
 * A signature of the gem's beside its twin, the JDK's object of the same algorithm (SunRsaSign's,
 * SunEC's): what the gem neither computes nor keeps, the twin answers, so the parameters read back
 * and the deprecated by-name ones are the JDK's own. Each subclass gives the twin every call it
 * takes first, so that keys and parameters are checked, and refused, as by the JDK alone.
 */
abstract class TwinnedSignature extends SignatureSpi {
    protected final Signature jdk;

    TwinnedSignature(String jdkProvider, String algorithm) {
        this.jdk = JdkServices.twin(Signature::getInstance, jdkProvider, algorithm);
    }

    @Override
    protected AlgorithmParameters engineGetParameters() {
        return jdk.getParameters();
    }

    @Override
    @Deprecated
    @SuppressWarnings("deprecation")
    protected void engineSetParameter(String param, Object value) {
        jdk.setParameter(param, value);
    }

    @Override
    @Deprecated
    @SuppressWarnings("deprecation")
    protected Object engineGetParameter(String param) {
        return jdk.getParameter(param);
    }
}
