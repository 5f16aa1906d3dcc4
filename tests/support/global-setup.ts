import { buildIfNeeded } from "../../scripts/lib/build";

/** Integration tests run the built console, as users do: build it first when the sources changed. */
export default function setup() {
  buildIfNeeded();
}
