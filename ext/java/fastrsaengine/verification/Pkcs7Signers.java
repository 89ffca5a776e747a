package fastrsaengine.verification;

import fastrsaengine.engines.shared.IdentityMemo;
import fastrsaengine.structures.JopensslSeams;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.jruby.ext.openssl.impl.PKCS7;
import org.jruby.ext.openssl.impl.PKCS7Exception;
import org.jruby.ext.openssl.impl.SignerInfoWithPkey;
import org.jruby.ext.openssl.x509store.X509AuxCertificate;

/**
 * The certificates PKCS7#verify finds a structure's signers in, as stock's own getSigners finds
 * them, kept per structure for what they were found with: stock compares every candidate's issuer
 * Name and serial on every call, and its answer depends on nothing but each signer info's issuer and
 * serial, the structure's certificates, the certificates given (the same JCA certificates: the same
 * answer) and PKCS7::NOINTERN. A structure changed since (a signer or certificate added or set) is
 * looked up again, as its collections then hold other objects.
 */
final class Pkcs7Signers {
    private static final int NOINTERN = 0x10;
    private static final IdentityMemo<PKCS7, List<X509AuxCertificate>> FOUND = new IdentityMemo<>();

    private Pkcs7Signers() {
    }

    /** The signer stock finds for each signer info, in their order; null where it finds none or not one each. */
    static List<X509AuxCertificate> of(PKCS7 p7, List<X509AuxCertificate> given, int flags) {
        Collection<SignerInfoWithPkey> infos = p7.getSignerInfo();
        if (infos == null || infos.isEmpty()) return null;
        List<Object> inputs = inputs(p7, infos, given, flags);
        List<X509AuxCertificate> signers = FOUND.get(p7, inputs);
        if (signers != null) return signers;
        try {
            signers = p7.getSigners(given, infos, flags);
        } catch (PKCS7Exception notFound) {
            return null;
        }
        if (signers == null || signers.size() != infos.size()) return null;
        FOUND.put(p7, inputs, signers);
        return signers;
    }

    /** Every object stock's answer depends on, in order: NOINTERN, each info and its issuer and serial, the structure's certificates, the JCA certificates given. */
    private static List<Object> inputs(PKCS7 p7, Collection<SignerInfoWithPkey> infos, List<X509AuxCertificate> given, int flags) {
        List<Object> inputs = new ArrayList<>();
        inputs.add((flags & NOINTERN) == 0 ? Boolean.TRUE : Boolean.FALSE);
        for (SignerInfoWithPkey info : infos) {
            inputs.add(info);
            inputs.add(info.getIssuerAndSerialNumber());
        }
        inputs.add(Pkcs7Signers.class); // between the lists, so that no two different inputs read alike
        Collection<X509AuxCertificate> inside = p7.getSign().getCert();
        if (inside != null) inputs.addAll(inside);
        inputs.add(Pkcs7Signers.class);
        if (given != null) for (X509AuxCertificate certificate : given) inputs.add(JopensslSeams.wrapped(certificate));
        return inputs;
    }
}
