/** Setup for renderer component tests (jsdom). */
export {}
