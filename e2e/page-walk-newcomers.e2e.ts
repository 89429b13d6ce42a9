import { walkPages } from "./support/page-walk";

walkPages(["visitor", "guest", "free publisher", "pending publisher"]);
