/** The port a server listens on when neither its options nor `PORT` say one. */
export const DEFAULT_PORT = 8787;
