/** The node-llama-cpp version this adapter is built and tested against (`npm i node-llama-cpp@…`). */
export const NODE_LLAMA_CPP_VERSION = "3.21.1";
