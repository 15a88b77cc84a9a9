// The tests take their free ports from the one helper in local/ (the gateway's function port uses it too).
export { freePort, freePorts } from "../../local/free-port.ts";
