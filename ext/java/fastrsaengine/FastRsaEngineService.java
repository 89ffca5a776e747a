package fastrsaengine;

import fastrsaengine.call.Control;
import fastrsaengine.call.ProviderInstallation;
import fastrsaengine.ec.EcKeyGeneration;
import fastrsaengine.ec.EcMethods;
import fastrsaengine.ec.EcPoints;
import fastrsaengine.rsa.KeyGeneration;
import fastrsaengine.rsa.KeyLoading;
import fastrsaengine.rsa.RsaMethods;
import fastrsaengine.reading.CrlRevokedOrder;
import fastrsaengine.structures.StructureMethods;
import fastrsaengine.verification.ChainMethods;
import fastrsaengine.verification.VerificationMethods;
import org.jruby.Ruby;
import org.jruby.RubyModule;
import org.jruby.runtime.load.BasicLibraryService;

/**
 * The extension's entry point, loaded by lib/fast_rsa_engine/startup.rb after 'openssl'. It only
 * defines modules: FastRsaEngine::Native (backend control), FastRsaEngine::RsaMethods (the engine
 * side of each patched method), FastRsaEngine::KeyGeneration, FastRsaEngine::StructureMethods
 * (certificate, CSR, CRL, OCSP and PKCS#7 signing, PKCS#7 decryption) and
 * FastRsaEngine::VerificationMethods (their checks), FastRsaEngine::ChainMethods (certificate
 * chains' checks), which share this runtime's state, and
 * FastRsaEngine::EcMethods (the engine side of OpenSSL::PKey::EC's patched methods),
 * FastRsaEngine::EcPoints (the points Point.new made from a group alone) and
 * FastRsaEngine::CrlRevokedOrder (a CRL's entries as it holds them, when read). The Ruby shim
 * builds FastRsaEngine::RsaPatch from RsaMethods and prepends it to OpenSSL::PKey::RSA only after
 * a known-answer signature through it has passed.
 */
public final class FastRsaEngineService implements BasicLibraryService {

    @Override
    public boolean basicLoad(Ruby runtime) {
        RubyModule fastRsaEngine = runtime.defineModule("FastRsaEngine");
        RubyModule control = fastRsaEngine.defineModuleUnder("Native");
        RubyModule rsaMethods = fastRsaEngine.defineModuleUnder("RsaMethods");
        RubyModule keyGeneration = fastRsaEngine.defineModuleUnder("KeyGeneration");
        control.defineAnnotatedMethods(Control.class);
        control.defineAnnotatedMethods(ProviderInstallation.class);
        control.defineAnnotatedMethods(KeyLoading.class);
        rsaMethods.defineAnnotatedMethods(RsaMethods.class);
        keyGeneration.defineAnnotatedMethods(KeyGeneration.class);
        RubyModule structureMethods = fastRsaEngine.defineModuleUnder("StructureMethods");
        structureMethods.defineAnnotatedMethods(StructureMethods.class);
        RubyModule verificationMethods = fastRsaEngine.defineModuleUnder("VerificationMethods");
        verificationMethods.defineAnnotatedMethods(VerificationMethods.class);
        RubyModule chainMethods = fastRsaEngine.defineModuleUnder("ChainMethods");
        chainMethods.defineAnnotatedMethods(ChainMethods.class);
        RubyModule ecMethods = fastRsaEngine.defineModuleUnder("EcMethods");
        ecMethods.defineAnnotatedMethods(EcMethods.class);
        RubyModule ecKeyGeneration = fastRsaEngine.defineModuleUnder("EcKeyGeneration");
        ecKeyGeneration.defineAnnotatedMethods(EcKeyGeneration.class);
        fastRsaEngine.defineModuleUnder("EcPoints").defineAnnotatedMethods(EcPoints.class);
        Control.attachRuntimeState(control, rsaMethods, keyGeneration, structureMethods, verificationMethods, chainMethods, ecMethods, ecKeyGeneration);
        fastRsaEngine.defineModuleUnder("CrlRevokedOrder").defineAnnotatedMethods(CrlRevokedOrder.class);
        return true;
    }
}
