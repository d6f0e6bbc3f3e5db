// http_ece (the payload encryption web-push uses) has no types; the fake push service decrypts with it.
declare module 'http_ece' {
  interface Params {
    version: 'aes128gcm' | 'aesgcm'
    privateKey?: import('node:crypto').ECDH
    authSecret?: string | Buffer
    dh?: string | Buffer
  }
  export function decrypt(buffer: Buffer, params: Params): Buffer
  export function encrypt(buffer: Buffer, params: Params): Buffer
}
