import nock from "nock";

// No test may reach the network: every GitHub or model response is served by nock.
nock.disableNetConnect();

afterEach(() => {
  nock.cleanAll();
});
