package fastrsaengine.structures;

/**
 * The stand-in stock's method is handed in place of an EC key, which depends on how stock signs the
 * structure ({@link EcStructureSigner}).
 */
enum EcStandIn {
    /** An EC key on a toy curve ({@link StandInEcKey}): CSRs and OCSP, which Bouncy Castle signs. */
    TOY_CURVE,
    /** An RSA key ({@link StandInKey#inPlaceOfEcKey}): certificates and CRLs, which the JDK's SunEC signs. */
    RSA,
    /** None: the call is stock's with the caller's key. */
    NONE
}
