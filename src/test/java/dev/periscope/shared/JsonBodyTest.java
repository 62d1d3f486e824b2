package dev.periscope.shared;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

class JsonBodyTest {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    private static JsonBody body(String json) {
        return JsonBody.of(JSON.readTree(json));
    }

    private static ApiException failure(Runnable call) {
        try {
            call.run();
        } catch (ApiException e) {
            return e;
        }
        throw new AssertionError("expected an ApiException");
    }

    @Test
    void unknownFieldNamesTheFieldAndTheAllowedOnes() {
        ApiException e = failure(() -> body("{\"project_id\":1,\"promts\":[]}").allowOnly("project_id", "prompts"));
        assertThat(e.code()).isEqualTo(ErrorCode.INVALID_PARAM);
        assertThat(e.meta()).containsEntry("param", "promts");
        assertThat(e.meta().get("allowed").toString()).contains("prompts");
    }

    @Test
    void wrongTypesAreRefusedWithTheParameterName() {
        assertThat(failure(() -> body("{\"project_id\":\"12\"}").requiredId("project_id")).meta())
                .containsEntry("param", "project_id").containsEntry("expected", "integer");
        assertThat(failure(() -> body("{\"project_id\":1.5}").requiredId("project_id")).meta())
                .containsEntry("param", "project_id");
        assertThat(failure(() -> body("{\"prompts\":\"one\"}").optionalStringList("prompts", 100, 100)).meta())
                .containsEntry("param", "prompts").containsEntry("expected", "array");
        assertThat(failure(() -> body("{\"prompts\":[\"ok\", 3]}").optionalStringList("prompts", 100, 100)).meta())
                .containsEntry("param", "prompts[1]");
        assertThat(failure(() -> body("{\"suggest\":\"yes\"}").optionalBoolean("suggest", true)).meta())
                .containsEntry("param", "suggest");
    }

    @Test
    void missingRequiredFieldsSayRequired() {
        ApiException e = failure(() -> body("{}").requiredString("name", 10));
        assertThat(e.meta()).containsEntry("param", "name").containsEntry("reason", "required");
        assertThat(failure(() -> body("{\"name\":\"   \"}").requiredString("name", 10)).meta())
                .containsEntry("reason", "required");
    }

    @Test
    void outOfRangeNumbersAndOverlongValuesAreRefused() {
        assertThat(failure(() -> body("{\"project_id\":0}").requiredId("project_id")).getMessage()).contains("out of range");
        assertThat(failure(() -> body("{\"project_id\":99999999999999999999999}").requiredId("project_id")).meta())
                .containsEntry("param", "project_id");
        assertThat(failure(() -> body("{\"name\":\"abcdefghijk\"}").requiredString("name", 10)).meta())
                .containsEntry("max_length", 10);
        assertThat(failure(() -> body("{\"prompts\":[\"a\",\"b\",\"c\"]}").optionalStringList("prompts", 2, 10)).meta())
                .containsEntry("max_items", 2);
    }

    @Test
    void controlCharactersThatPostgresOrLogsCannotTakeAreRefused() {
        assertThat(failure(() -> body("{\"name\":\"a\\u0000b\"}").requiredString("name", 10)).meta())
                .containsEntry("param", "name");
        assertThat(body("{\"name\":\"line\\nbreak\"}").requiredString("name", 20)).isEqualTo("line\nbreak");
    }

    @Test
    void lengthCountsCharactersNotUtf16Units() {
        assertThat(body("{\"name\":\"😀😀😀\"}").requiredString("name", 3)).isEqualTo("😀😀😀");
    }

    @Test
    void nestedObjectsReportTheirPath() {
        ApiException e = failure(() -> body("{\"competitors\":[{\"domain\":5}]}")
                .optionalObjectList("competitors", 10).get(0).requiredString("domain", 100));
        assertThat(e.meta()).containsEntry("param", "competitors[0].domain");
    }

    @Test
    void aBodyThatIsNotAnObjectIsRefused() {
        assertThatThrownBy(() -> JsonBody.of(JSON.readTree("[1,2]")))
                .isInstanceOf(ApiException.class).hasMessageContaining("JSON object");
    }
}
