// A program that connects to a server and then ends without calling close():
// argv: <exit|throw> <config JSON>. Used to check the last-resort exit hook.
import { connectServer } from "../connect-server.js";

const [how, config] = process.argv.slice(2);
await connectServer("leaky", JSON.parse(config ?? "{}"));
process.stdout.write("connected\n");
if (how === "throw") throw new Error("uncaught on purpose");
process.exit(0);
