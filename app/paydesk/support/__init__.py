"""What every layer leans on and none of them is about: where files live, private
files, the keychain, logs and crash reports, redaction of secrets, bundled resources,
the QR matrix, the alert sounds, the translation file. Imports only itself and the
standard library (and keyring, qrcode)."""
